import { useActionData } from 'react-router';
import { profileUpdateRequest, type User } from '@nomsan/contracts/identity';
import { mn } from '@nomsan/contracts/messages';
import { useAuth } from '~/lib/auth-store';
import { checkWith, useFormFields, useOnResult, type ActionResult } from '~/lib/form';
import { TextField } from '~/ui/form';
import { SettingsForm } from './settings-form';

const t = mn.settings;
const shape = profileUpdateRequest.shape;

/** Name and avatar (the phone number and the e-mail address change through codes, beside it). */
export function ProfileForm({ user }: { user: User }) {
  const result = useActionData<ActionResult<{ user: User }>>();
  const form = useFormFields(
    {
      name: checkWith(shape.name),
      cover_url: checkWith(shape.cover_url, { optional: true }),
    },
    { name: user.name, cover_url: user.cover_url ?? '' },
    result && !result.ok ? result.fields : undefined,
  );
  useOnResult(result, (answer) => {
    if (answer.ok) useAuth.getState().setUser(answer.user);
  });

  return (
    <SettingsForm form={form} result={result} success={() => t.saved} submitLabel={t.save}>
      <TextField label={t.name} type="text" autoComplete="name" {...form.field('name')} />
      <TextField
        label={t.avatar}
        type="url"
        inputMode="url"
        autoComplete="photo"
        placeholder="https://"
        hint={t.avatarHint}
        {...form.field('cover_url')}
      />
    </SettingsForm>
  );
}
