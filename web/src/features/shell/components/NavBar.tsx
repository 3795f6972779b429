import { Button, Menu, MenuItem } from '@aws-amplify/ui-react';
import { useMemo } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { getConfig } from '@/config';
import { useFeatureFlags } from '@/features/flags/useFeatureFlags';
import { buildNavMenus, type NavEntry, type NavMenu } from '../nav';
import { UserMenu } from './UserMenu';

function EntryItem({ entry }: { entry: NavEntry }) {
  if (entry.kind === 'route') {
    // Rendered as a router <Link>: a real anchor, and the menu closes before navigating.
    return (
      <MenuItem as={Link} to={entry.to}>
        {entry.label}
      </MenuItem>
    );
  }
  if (!entry.href) {
    return (
      <MenuItem isDisabled title="Link not configured (config.json links)">
        {entry.label}
      </MenuItem>
    );
  }
  return (
    <MenuItem as="a" href={entry.href} target="_blank" rel="noopener noreferrer">
      {entry.label}
      <span className="external-mark" aria-hidden="true">
        ↗
      </span>
      <span className="visually-hidden"> (opens in a new tab)</span>
    </MenuItem>
  );
}

function NavDropdown({ menu }: { menu: NavMenu }) {
  return (
    <Menu
      menuAlign="start"
      trigger={
        <Button className="nav-trigger" variation="link" size="small">
          {menu.label}
          <span className="caret" aria-hidden="true">
            ▾
          </span>
        </Button>
      }
    >
      {menu.entries.map((entry) => (
        <EntryItem key={`${entry.kind}:${entry.label}`} entry={entry} />
      ))}
    </Menu>
  );
}

/** The navigation bar (spec 1-locations §2.2). Menus are Radix dropdowns: Enter/Space/arrows/Escape work. */
export function NavBar() {
  const { flags } = useFeatureFlags();
  const { links } = getConfig();
  const menus = useMemo(() => buildNavMenus(flags, links), [flags, links]);
  return (
    <nav className="navbar" aria-label="Main">
      <Link to="/home" className="navbar-brand">
        Fleet Console
      </Link>
      <ul className="navbar-menus">
        <li>
          <NavLink to="/home" className="nav-home">
            Home
          </NavLink>
        </li>
        {menus.map((menu) => (
          <li key={menu.label}>
            <NavDropdown menu={menu} />
          </li>
        ))}
      </ul>
      <div className="navbar-user">
        <UserMenu />
      </div>
    </nav>
  );
}
