import { answerProblem, errorReason, retryAfterMs, unreachablePauseMs, unreachableReason } from './activecampaign.client.js';

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

describe('when AC cannot be reached', () => {
  it('pauses half as long as the failure has lasted: a second at first, 30 s at most', () => {
    expect(unreachablePauseMs(10_000, 10_000)).toBe(1000);
    expect(unreachablePauseMs(0, 8_000)).toBe(4000);
    expect(unreachablePauseMs(0, 21 * 60_000)).toBe(30_000);
  });

  it("says why in words, from fetch's error and its cause", () => {
    const fetchFailed = (code: string) => Object.assign(new TypeError('fetch failed'), { cause: { code } });
    expect(unreachableReason(new DOMException('The operation timed out.', 'TimeoutError'), 15_000)).toBe('no answer within 15 s');
    expect(unreachableReason(fetchFailed('ENOTFOUND'), 15_000)).toBe('the address could not be found');
    expect(unreachableReason(fetchFailed('EAI_AGAIN'), 15_000)).toBe('the address could not be found');
    expect(unreachableReason(fetchFailed('ECONNREFUSED'), 15_000)).toBe('the connection was refused');
    expect(unreachableReason(fetchFailed('ECONNRESET'), 15_000)).toBe('the connection was cut off');
    expect(unreachableReason(fetchFailed('CERT_HAS_EXPIRED'), 15_000)).toBe('its certificate was not accepted');
    expect(unreachableReason(fetchFailed('EWHATEVER'), 15_000)).toBe('the request failed (EWHATEVER)');
  });

  it('counts a refused key and server errors as AC not usable, any other answer as AC answering', () => {
    expect(answerProblem(403)).toBe('it refused the API key');
    expect(answerProblem(401)).toBe('it refused the API key');
    expect(answerProblem(503)).toBe('it answered 503, a server error');
    for (const status of [200, 201, 404, 422, 429]) expect(answerProblem(status)).toBeNull();
  });
});
