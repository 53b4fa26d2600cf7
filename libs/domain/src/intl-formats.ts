/**
 * Intl formatters, made once per locale and options and kept. Each Intl.DateTimeFormat (and
 * NumberFormat) holds ICU objects outside the JavaScript heap whose size the garbage collector does
 * not see: made afresh per call, 200,000 of them took a process with a 192 MB heap to 2.4 GB
 * resident, and twenty clients reading What's on (a night's label per night listed) took the api
 * to 1 GB at bench:scale. Every formatter the server makes comes from here (eslint forbids
 * `new Intl.*` elsewhere). The kept ones are bounded by the call sites times the venues' zones.
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

/** The formatter kept under these locale and options, made by `make` the first time. */
function kept<F, O>(formats: Map<string, F>, locale: string, options: O, make: (locale: string, options: O) => F): F {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = make(locale, options);
    formats.set(key, format);
  }
  return format;
}

/** The kept Intl.DateTimeFormat of these locale and options (an unknown time zone throws, as the constructor does). */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return kept(dateFormats, locale, options, (l, o) => new Intl.DateTimeFormat(l, o));
}

/** The kept Intl.NumberFormat of these locale and options. */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return kept(numberFormats, locale, options, (l, o) => new Intl.NumberFormat(l, o));
}
