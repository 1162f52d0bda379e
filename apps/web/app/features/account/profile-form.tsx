import { useActionData } from 'react-router';
import { profileUpdateRequest, type User } from '@nomsan/contracts/identity';
import { mn } from '@nomsan/contracts/messages';
import { useAuth } from '~/lib/auth-store';
import { checkWith, useFormFields, useOnResult, type ActionResult } from '~/lib/form';
import { SubmitButton, TextField } from '~/ui/form';
import { SettingsForm, usePosting } from './settings-form';

const t = mn.settings;
const shape = profileUpdateRequest.shape;

/** Name, e-mail and avatar; the phone number is shown (it changes through a code, not here). */
export function ProfileForm({ user }: { user: User }) {
  const result = useActionData<ActionResult<{ user: User }>>();
  const pending = usePosting();
  const form = useFormFields(
    {
      name: checkWith(shape.name),
      email: checkWith(shape.email, { optional: true }),
      cover_url: checkWith(shape.cover_url, { optional: true }),
    },
    { name: user.name, email: user.email ?? '', cover_url: user.cover_url ?? '' },
    result && !result.ok ? result.fields : undefined,
  );
  useOnResult(result, (answer) => {
    if (answer.ok) useAuth.getState().setUser(answer.user);
  });

  return (
    <SettingsForm form={form} result={result} success={() => t.saved}>
      <div>
        <p className="mb-1.5 text-sm font-semibold">{t.phone}</p>
        <p className="flex flex-wrap items-center gap-2 text-base">
          {user.phone ?? <span className="text-muted">{t.noPhone}</span>}
          {user.phone ? (
            <span
              className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
                user.phone_verified ? 'bg-emerald-50 text-emerald-700' : 'bg-surface text-muted'
              }`}
            >
              {user.phone_verified ? t.verified : t.notVerified}
            </span>
          ) : null}
        </p>
      </div>
      <TextField label={t.name} type="text" autoComplete="name" {...form.field('name')} />
      <TextField
        label={t.email}
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        {...form.field('email')}
      />
      <TextField
        label={t.avatar}
        type="url"
        inputMode="url"
        autoComplete="photo"
        placeholder="https://"
        hint={t.avatarHint}
        {...form.field('cover_url')}
      />
      <SubmitButton pending={pending} className="sm:w-auto">
        {t.save}
      </SubmitButton>
    </SettingsForm>
  );
}
