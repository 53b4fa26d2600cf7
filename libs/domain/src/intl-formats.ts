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

/** The kept Intl.DateTimeFormat of these locale and options (an unknown time zone throws, as the constructor does). */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(key, format);
  }
  return format;
}

/** The kept Intl.NumberFormat of these locale and options. */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}
