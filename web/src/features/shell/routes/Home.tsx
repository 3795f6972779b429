import { Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { Link } from 'react-router-dom';

const SHORTCUTS = [
  { to: '/locations/all', title: 'Locations', text: 'Find a fridge and edit its configuration.' },
  { to: '/locations/new', title: 'Add Fridge', text: 'Create a new fridge location.' },
  { to: '/locations/view_routes', title: 'Routes', text: 'Daily delivery routes and tote counts.' },
  { to: '/users/permissions', title: 'Permissions', text: 'Grant and revoke user actions.' },
];

export default function Home() {
  return (
    <Flex direction="column" gap="large" className="home">
      <div className="home-hero">
        <Heading level={1}>Fleet Console</Heading>
        <Text fontSize="large" color="font.secondary">
          A simple insight into the field
        </Text>
      </div>
      <div className="home-shortcuts">
        {SHORTCUTS.map((s) => (
          <Card key={s.to} variation="outlined" className="home-card">
            <Link to={s.to} className="home-card-link">
              <Heading level={4}>{s.title}</Heading>
            </Link>
            <Text color="font.tertiary">{s.text}</Text>
          </Card>
        ))}
      </div>
    </Flex>
  );
}
