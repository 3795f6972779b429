import { NavLink } from 'react-router-dom';
import { Flex } from '@aws-amplify/ui-react';

const TABS = [
  { to: '/locations/update_routes', label: 'Drivers: route and stop per location' },
  { to: '/locations/update_weekly_routes', label: 'Route-stop schedule by date' },
  { to: '/locations/update_route_drivers', label: 'Route drivers' },
];

/** The route uploads behind Routes → Upload, one tab each. */
export function UploadTabs() {
  return (
    <Flex as="nav" aria-label="Route uploads" columnGap="1.5rem" rowGap="0.5rem" wrap="wrap" marginBottom="1rem">
      {TABS.map((t) => (
        <NavLink
          key={t.to}
          to={t.to}
          style={({ isActive }) => ({
            fontWeight: isActive ? 700 : 400,
            borderBottom: isActive ? '2px solid var(--amplify-colors-font-interactive)' : '2px solid transparent',
            paddingBottom: '0.25rem',
            color: 'var(--amplify-colors-font-interactive)',
            textDecoration: 'none',
          })}
        >
          {t.label}
        </NavLink>
      ))}
    </Flex>
  );
}
