import type { ComponentProps } from 'react';
import { mn } from '@nomsan/contracts/messages';
import { TextField } from '~/ui/form';

/**
 * The "phone number or e-mail address" field: an e-mail keyboard (which also has digits), the
 * username autofill, and no capitals or spelling fixes.
 */
export function LoginField(props: Omit<ComponentProps<typeof TextField>, 'label' | 'type'>) {
  return (
    <TextField
      label={mn.authPages.loginLabel}
      type="text"
      inputMode="email"
      autoComplete="username"
      autoCapitalize="none"
      spellCheck={false}
      {...props}
    />
  );
}
