import { describe, expect, it } from 'vitest';
import {
  connectionColour,
  HEALTH_MESSAGES,
  HEALTH_RULES,
  holdColour,
  networkSpeedColour,
  problemColour,
  resetDoneMessage,
  resetFailedMessage,
  temperatureColour,
  toggleDoneMessage,
  vendingStateColour,
  vendingStateLabel,
} from './health-rules';

const NOW = Date.parse('2026-05-10T12:00:00Z');
const hoursAgo = (h: number) => new Date(NOW - h * 3_600_000).toISOString();

describe('the shared constants', () => {
  it('come from rules.json', () => {
    expect(HEALTH_RULES.temperatureGreenMax).toBe(38);
    expect(HEALTH_RULES.temperatureOrangeMax).toBe(41);
    expect(HEALTH_RULES.networkSpeedGoodBelow).toBe(0.5);
    expect(HEALTH_RULES.recentHours).toBe(24);
    expect(HEALTH_RULES.commands.map((c) => c.key)).toEqual([
      'DisplayServices',
      'ReactUI',
      'Jofemar',
      'OutOfOrder',
      'FoodSafetyHold',
      'ComputerSwap',
    ]);
  });
});

describe('temperatureColour', () => {
  it('is green at 38 or below, orange at 41 or below, red above', () => {
    expect(temperatureColour(30)).toBe('green');
    expect(temperatureColour(38)).toBe('green');
    expect(temperatureColour(38.1)).toBe('orange');
    expect(temperatureColour(41)).toBe('orange');
    expect(temperatureColour(41.01)).toBe('red');
    expect(temperatureColour(-5)).toBe('green');
  });
  it('has no colour when unknown', () => {
    expect(temperatureColour(null)).toBeNull();
    expect(temperatureColour(undefined)).toBeNull();
    expect(temperatureColour(Number.NaN)).toBeNull();
  });
});

describe('vending state', () => {
  it('is green only for STATUS_0_READY', () => {
    expect(vendingStateColour('STATUS_0_READY')).toBe('green');
    expect(vendingStateColour('STATUS_FF_DOOR_OPEN')).toBe('red');
    expect(vendingStateColour('SOMETHING_NEW')).toBe('red');
    expect(vendingStateColour(null)).toBeNull();
  });
  it('is shown with its label; unknown states raw', () => {
    expect(vendingStateLabel('STATUS_0_READY')).toBe('READY');
    expect(vendingStateLabel('STATUS_FF_DOOR_CLOSE')).toBe('DOOR_CLOSE');
    expect(vendingStateLabel('STATUS_FF_DOOR_OPEN')).toBe('DOOR_OPEN');
    expect(vendingStateLabel('STATUS_FF_TIMEOUT')).toBe('TIMEOUT');
    expect(vendingStateLabel('STATUS_B_PRODUCT_UNDER_ELEVATOR')).toBe('PRODUCT_UNDER_ELEVATOR');
    expect(vendingStateLabel('STATUS_9_PRODUCT_DETECT_FAULT')).toBe('PRODUCT_DETECT_FAULT');
    expect(vendingStateLabel('STATUS_5_MOTOR_FAULT')).toBe('MOTOR_FAULT');
    expect(vendingStateLabel('STATUS_7_SOMETHING')).toBe('STATUS_7_SOMETHING');
    expect(vendingStateLabel(null)).toBe('');
  });
});

describe('networkSpeedColour', () => {
  it('is red when None, green below 0.5, orange otherwise', () => {
    expect(networkSpeedColour(null)).toBe('red');
    expect(networkSpeedColour(undefined)).toBe('red');
    expect(networkSpeedColour(0)).toBe('green');
    expect(networkSpeedColour(0.49)).toBe('green');
    expect(networkSpeedColour(0.5)).toBe('orange');
    expect(networkSpeedColour(3)).toBe('orange');
  });
});

describe('holdColour (out of order, safety hold)', () => {
  it('is red when on, whatever the timestamp', () => {
    expect(holdColour(true, hoursAgo(100), NOW)).toBe('red');
    expect(holdColour(true, null, NOW)).toBe('red');
  });
  it('is orange when off but changed less than 24 h ago', () => {
    expect(holdColour(false, hoursAgo(1), NOW)).toBe('orange');
    expect(holdColour(false, hoursAgo(23.9), NOW)).toBe('orange');
  });
  it('is green when off for 24 h or more, or without a timestamp', () => {
    expect(holdColour(false, hoursAgo(24), NOW)).toBe('green');
    expect(holdColour(false, hoursAgo(48), NOW)).toBe('green');
    expect(holdColour(false, null, NOW)).toBe('green');
    expect(holdColour(false, 'not a date', NOW)).toBe('green');
  });
  it('has no colour when not reported', () => {
    expect(holdColour(null, hoursAgo(1), NOW)).toBeNull();
  });
});

describe('connection and problem fields', () => {
  it('connections are green when true, red when false', () => {
    expect(connectionColour(true)).toBe('green');
    expect(connectionColour(false)).toBe('red');
    expect(connectionColour(null)).toBeNull();
  });
  it('inaccessible and activeTicket are green when false, red when true', () => {
    expect(problemColour(false)).toBe('green');
    expect(problemColour(true)).toBe('red');
    expect(problemColour(undefined)).toBeNull();
  });
});

describe('command messages (spec §8)', () => {
  it('quote the catalogue', () => {
    expect(resetDoneMessage('Jofemar')).toBe('Reset Jofemar successful');
    expect(resetFailedMessage('ReactUI')).toBe('There was an issue resetting the ReactUI');
    expect(toggleDoneMessage('Out of Order', 'ENABLE')).toBe('Out of Order ENABLED successfully');
    expect(toggleDoneMessage('Food Safety Hold', 'DISABLE')).toBe('Food Safety Hold DISABLED successfully');
    expect(HEALTH_MESSAGES.withinFiveMinutes).toBe('This command should be processed within 5 minutes.');
    expect(HEALTH_MESSAGES.healthLoadFailed).toBe('Oops, there was an error loading your request.');
    expect(HEALTH_MESSAGES.swapDone).toBe('Computer swap completed successfully');
  });
});
