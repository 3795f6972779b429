import { Authenticator, Heading, Text, View } from '@aws-amplify/ui-react';
import { signIn, type SignInInput } from 'aws-amplify/auth';
import { useMemo, type ReactNode } from 'react';
import { getConfig } from '@/config';

const components = {
  Header() {
    return (
      <View textAlign="center" padding="large">
        <Heading level={3}>Fleet Console</Heading>
        <Text color="font.secondary">Sign in with your company e-mail</Text>
      </View>
    );
  },
};

/**
 * Sign-in is mandatory for the whole console: nothing below renders until the user is signed in.
 * Sign-up is hidden (users are provisioned by administrators). The sign-in flow comes from
 * config.json: USER_PASSWORD_AUTH locally (the emulator), USER_SRP_AUTH on AWS.
 */
export function AuthGate({ children }: { children: ReactNode }) {
  const { authFlowType } = getConfig();
  const services = useMemo(
    () => ({
      handleSignIn: (input: SignInInput) => signIn({ ...input, options: { ...input.options, authFlowType } }),
    }),
    [authFlowType],
  );
  return (
    <Authenticator hideSignUp services={services} components={components}>
      {() => <>{children}</>}
    </Authenticator>
  );
}
