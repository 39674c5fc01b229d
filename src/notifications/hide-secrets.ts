import { SECRET_TEXT } from '../rules/templates/secret-value';

/**
 * Secrets never reach a layout (docs/security.md, "Secrets"): every text of a secret parameter
 * in any string of the view (a body that revealed `{{param.token}}`, say) becomes `[secret]`.
 * Longest first, so a secret that contains another is hidden whole.
 */
export function hideSecrets<T>(view: T, secrets: readonly string[]): T {
  const texts = secrets.filter((s) => s !== '').sort((a, b) => b.length - a.length);
  if (texts.length === 0) return view;
  const hide = (value: unknown): unknown => {
    if (typeof value === 'string') {
      return texts.reduce((text, secret) => text.split(secret).join(SECRET_TEXT), value);
    }
    if (Array.isArray(value)) return value.map(hide);
    if (typeof value === 'object' && value !== null) {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, hide(v)]));
    }
    return value;
  };
  return hide(view) as T;
}
