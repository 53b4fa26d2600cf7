import { boardOf, passCookie, passFromCookie, withoutOutsideLinks } from './queue-dashboard.js';

const PASS = 'a'.repeat(43);

describe('the queue dashboard pass', () => {
  it("is a cookie for the board only, out of scripts' reach, never sent from another site", () => {
    expect(passCookie(PASS, false)).toBe(`nocturne_queues=${PASS}; Path=/admin/queues; Max-Age=3600; HttpOnly; SameSite=Strict`);
    expect(passCookie(PASS, true)).toMatch(/; Secure$/);
  });

  it('is read from the Cookie header among others, and only when well-formed', () => {
    expect(passFromCookie(`theme=dark; nocturne_queues=${PASS}; other=1`)).toBe(PASS);
    expect(passFromCookie('nocturne_queues=short')).toBeNull();
    expect(passFromCookie(undefined)).toBeNull();
    expect(passFromCookie('nocturne_queuesX=' + PASS)).toBeNull();
  });

  it('opens the full board to admins, a read-only one to managers, none to door staff or members', () => {
    expect(boardOf('admin')).toEqual({ path: '/admin/queues/manage/', readOnly: false });
    expect(boardOf('manager')).toEqual({ path: '/admin/queues/view/', readOnly: true });
    expect(boardOf('door')).toBeNull();
    expect(boardOf('member')).toBeNull();
  });
});

describe("Bull Board's page", () => {
  it('loses the links to other hosts (Google Fonts) and keeps its own', () => {
    const html =
      '<head><link rel="icon" href="static/images/logo.svg">\n' +
      '    <link href="https://fonts.googleapis.com/css2?family=IBM+Plex+Sans&display=swap" rel="stylesheet">\n' +
      '<link href="//cdn.example.com/x.css" rel="stylesheet"><link href="static/css/main.css" rel="stylesheet"></head>';
    expect(withoutOutsideLinks(html)).toBe(
      '<head><link rel="icon" href="static/images/logo.svg">\n    <link href="static/css/main.css" rel="stylesheet"></head>',
    );
  });
});
