import { errorReason, retryAfterMs } from './activecampaign.client.js';

describe('retryAfterMs', () => {
  it('reads seconds or an HTTP date, and waits a second when AC says nothing useful', () => {
    expect(retryAfterMs('2')).toBe(2000);
    expect(retryAfterMs('0.5')).toBe(500);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 7_000)).toBe(3000);
    expect(retryAfterMs(null)).toBe(1000);
    expect(retryAfterMs('soon')).toBe(1000);
  });
});

describe('errorReason', () => {
  it("takes AC's error title (and detail), then its message, then the raw text", () => {
    expect(errorReason({ errors: [{ title: 'Contact Email Address is not valid.', detail: '' }] }, '', 422)).toBe(
      'Contact Email Address is not valid.',
    );
    expect(errorReason({ errors: [{ title: 'Bad', detail: 'field x' }] }, '', 422)).toBe('Bad field x');
    expect(errorReason({ message: 'Forbidden' }, '', 403)).toBe('Forbidden');
    expect(errorReason({}, '<html>oops</html>', 502)).toBe('<html>oops</html>');
    expect(errorReason({}, '', 500)).toBe('HTTP 500');
  });

  it("adds the bulk importer's failureReasons, strings or per contact", () => {
    const validation = {
      success: 0,
      message: 'JSON payload did not pass validation.',
      failureReasons: [{ contact: 230, failureReason: 'Field‘ email’ incorrect format' }],
    };
    expect(errorReason(validation, '', 400)).toBe(
      'JSON payload did not pass validation. (contact 230: Field‘ email’ incorrect format)',
    );
    expect(
      errorReason(
        { success: 0, message: 'Rate limit exceeded.', failureReasons: ['Up to 100 imports may be requested per minute.'] },
        '',
        400,
      ),
    ).toMatch(/^Rate limit exceeded\. \(Up to 100/);
  });
});
