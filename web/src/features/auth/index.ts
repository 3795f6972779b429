export { AuthGate } from './AuthGate';
