import { Heading, View } from '@aws-amplify/ui-react';
import { RoutesByDate } from '../components/RoutesByDate';

/** /locations/view_routes — Routes → View. */
export default function ViewRoutes() {
  return (
    <View padding="1rem">
      <Heading level={2} marginBottom="1rem">
        View Routes By Date
      </Heading>
      <RoutesByDate />
    </View>
  );
}
