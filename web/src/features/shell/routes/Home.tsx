import { Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { Link } from 'react-router-dom';
import { useAccess } from '@/lib/access/useAccess';

/** The main screens of the console: the home page shows a card for each the user may open. */
export const MAIN_SCREENS = [
  { to: '/locations/all', title: 'Locations', text: 'Find a fridge and edit its configuration.' },
  { to: '/locations/new', title: 'Add Fridge', text: 'Create a new fridge location.' },
  { to: '/portfoliohealth', title: 'Portfolio Health', text: 'The health of every fridge at a glance.' },
  { to: '/locations/schedule', title: 'Scheduled Changes', text: 'Upcoming configuration changes.' },
  { to: '/locations/view_routes', title: 'Routes', text: 'Daily delivery routes and tote counts.' },
  { to: '/locations/fridge_software', title: 'Fridge Software', text: 'Software versions and deployments.' },
  { to: '/forecast/view', title: 'Forecast', text: 'The demand forecast per fridge and day.' },
  { to: '/pars/list', title: 'Pars', text: 'Fridge orders per day.' },
  { to: '/pars/prodreport', title: 'Packing Report', text: 'What to pack for each location.' },
  { to: '/planograms', title: 'Planograms', text: 'Slot layouts of the fridges.' },
  { to: '/item-prices-landing', title: 'Item Prices', text: 'Download and update item prices.' },
  { to: '/coupons', title: 'Coupon Codes', text: 'Generate coupon codes.' },
  { to: '/users/permissions', title: 'Permissions', text: 'Grant and revoke user actions.' },
];

export default function Home() {
  const { canOpen } = useAccess();
  const shown = MAIN_SCREENS.filter((s) => canOpen(s.to));
  return (
    <Flex direction="column" gap="large" className="home">
      <div className="home-hero">
        <Heading level={1}>Fleet Console</Heading>
        <Text fontSize="large" color="font.secondary">
          A simple insight into the field
        </Text>
      </div>
      <ul className="home-shortcuts" aria-label="Screens">
        {shown.map((s) => (
          <li key={s.to}>
            <Card variation="outlined" className="home-card">
              <Link to={s.to} className="home-card-link">
                <Heading level={2} className="home-card-title">
                  {s.title}
                </Heading>
              </Link>
              <Text color="font.tertiary">{s.text}</Text>
            </Card>
          </li>
        ))}
      </ul>
    </Flex>
  );
}
