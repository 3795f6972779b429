import { Button, Menu, MenuItem } from '@aws-amplify/ui-react';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { getConfig } from '@/config';
import { useAccess } from '@/lib/access/useAccess';
import { useFeatureFlags } from '@/lib/feature-flags';
import { buildNavMenus, type NavEntry, type NavMenu } from '../nav';
import { NARROW_NAV_QUERY, useMediaQuery } from '../useMediaQuery';
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

/** An entry of the narrow panel: a plain link (the panel is a list, not a menu of menus). */
function PanelEntry({ entry, onChoose }: { entry: NavEntry; onChoose: () => void }) {
  if (entry.kind === 'route') {
    return (
      <NavLink to={entry.to} className="navbar-panel-link" onClick={onChoose}>
        {entry.label}
      </NavLink>
    );
  }
  if (!entry.href) {
    return (
      <span className="navbar-panel-link navbar-panel-disabled" aria-disabled="true" title="Link not configured">
        {entry.label}
      </span>
    );
  }
  return (
    <a className="navbar-panel-link" href={entry.href} target="_blank" rel="noopener noreferrer" onClick={onChoose}>
      {entry.label}
      <span className="external-mark" aria-hidden="true">
        ↗
      </span>
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

/**
 * Below 900 px: one Menu button opening every menu as a vertical panel. Escape closes it and gives
 * the focus back to the button; choosing an entry (or any navigation) closes it.
 */
function NarrowNav({ menus }: { menus: NavMenu[] }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const { pathname } = useLocation();
  const [shownAt, setShownAt] = useState(pathname);
  if (shownAt !== pathname) {
    setShownAt(pathname);
    setOpen(false);
  }
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || !open) return;
    e.stopPropagation();
    setOpen(false);
    button.current?.focus();
  };
  const choose = () => setOpen(false);
  return (
    <>
      <button
        ref={button}
        type="button"
        className="navbar-toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={onKeyDown}
      >
        <span className="navbar-toggle-icon" aria-hidden="true">
          {open ? '✕' : '☰'}
        </span>
        Menu
      </button>
      <div id={panelId} className="navbar-panel" hidden={!open} onKeyDown={onKeyDown}>
        <ul className="navbar-panel-list">
          <li>
            <NavLink to="/home" className="navbar-panel-link" onClick={choose}>
              Home
            </NavLink>
          </li>
          {menus.map((menu, i) => (
            <li key={menu.label} className="navbar-panel-group">
              <span className="navbar-panel-label" id={`${panelId}-${i}`}>
                {menu.label}
              </span>
              <ul aria-labelledby={`${panelId}-${i}`}>
                {menu.entries.map((entry) => (
                  <li key={`${entry.kind}:${entry.label}`}>
                    <PanelEntry entry={entry} onChoose={choose} />
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}

/**
 * The navigation bar (spec 1-locations §2.2). Menus are Radix dropdowns: Enter/Space/arrows/Escape
 * work. Entries the user may not open are left out (buildNavMenus). Below 900 px the menus collapse
 * into one Menu button (NarrowNav).
 */
export function NavBar() {
  const { flags } = useFeatureFlags();
  const { canOpen } = useAccess();
  const { links } = getConfig();
  const menus = buildNavMenus(flags, links, canOpen);
  const narrow = useMediaQuery(NARROW_NAV_QUERY);
  if (narrow) {
    return (
      <nav className="navbar navbar-narrow" aria-label="Main">
        <Link to="/home" className="navbar-brand">
          Fleet Console
        </Link>
        <div className="navbar-user">
          <UserMenu />
        </div>
        <NarrowNav menus={menus} />
      </nav>
    );
  }
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
