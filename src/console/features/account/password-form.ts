import { modifyPasswordInput } from '../../../shared/user.ts';

/** The spec §3 password form (oldpass, newpass, againpass). */
export interface PasswordForm {
  oldpass: string;
  newpass: string;
  againpass: string;
}

export type PasswordErrors = Partial<Record<keyof PasswordForm, string>>;

const fieldOf: Record<string, keyof PasswordForm> = { oldpass: 'oldpass', password: 'newpass', confirmpass: 'againpass' };

/**
 * Spec §5 rules through the server's own schema: inputs trimmed; required messages
 * '请输入密码' / '请输入新密码' / '请再次重复新密码'; '长度在 6 到 20 个字符'; '两次密码输入不一致'.
 * Returns the request body on success, or the first message per field.
 */
export function validatePasswordForm(
  f: PasswordForm,
): { ok: true; body: { oldpass: string; password: string; confirmpass: string } } | { ok: false; errors: PasswordErrors } {
  const r = modifyPasswordInput.safeParse({ oldpass: f.oldpass, password: f.newpass, confirmpass: f.againpass });
  if (r.success) return { ok: true, body: r.data };
  const errors: PasswordErrors = {};
  for (const issue of r.error.issues) {
    const field = fieldOf[String(issue.path[0])];
    if (field && !errors[field]) errors[field] = issue.message;
  }
  // The schema checks equality only once each field is valid on its own; the form wants it as soon as both are filled.
  if (!errors.againpass && f.againpass.trim() && f.newpass.trim() !== f.againpass.trim()) errors.againpass = '两次密码输入不一致';
  return { ok: false, errors };
}
