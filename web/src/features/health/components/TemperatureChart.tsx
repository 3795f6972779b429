import { Alert, Text } from '@aws-amplify/ui-react';
import { LineChart } from '@/components/Chart';
import { useFridgeTemperatures, TEMPERATURE_HOURS } from '../api/fridge-temperatures';
import { HEALTH_MESSAGES, HEALTH_RULES } from '../lib/health-rules';
import { centralHourMinute } from '@/lib/central-time';

const THRESHOLDS = [
  { y: HEALTH_RULES.temperatureGreenMax, label: `${HEALTH_RULES.temperatureGreenMax} °F`, colour: '#b35c00' },
  { y: HEALTH_RULES.temperatureOrangeMax, label: `${HEALTH_RULES.temperatureOrangeMax} °F`, colour: '#c62828' },
];

/** The fridge's temperature over the last 24 hours with the §4.3 thresholds (green up to 38, orange up to 41). */
export function TemperatureChart({ locationId }: { locationId: string }) {
  const q = useFridgeTemperatures(locationId);
  if (q.isError) return <Alert variation="error">{HEALTH_MESSAGES.healthLoadFailed}</Alert>;
  if (q.isPending) return <Text role="status">Loading temperatures…</Text>;
  if (q.data.length === 0)
    return <Text color="font.tertiary">No temperature samples in the last {TEMPERATURE_HOURS} hours.</Text>;
  const data = q.data.map((s) => ({
    time: centralHourMinute(s.timestamp),
    temperature: Math.round(s.temperature * 10) / 10,
  }));
  return (
    <LineChart
      title={`Temperature, last ${TEMPERATURE_HOURS} hours (°F, times CT)`}
      xKey="time"
      xLabel="Time (CT)"
      unit="°F"
      data={data}
      series={[{ key: 'temperature', label: 'Temperature', colour: '#1565c0' }]}
      thresholds={THRESHOLDS}
      height={260}
    />
  );
}
