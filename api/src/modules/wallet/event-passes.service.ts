import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { EVENT_NIGHT_OVER, isoInZone } from '@nocturne/domain';
import { type ApiConfig, InjectConfig } from '#config/api-config.js';
import { absolute } from '#infrastructure/web/rendered-pages.js';
import { EventViews } from '#modules/events/events.public.js';
import { buildEventPass, type EventPassContent } from './event-pass.js';
import { WalletFailure } from './wallet-failure.js';
import { WalletService } from './wallet.service.js';

/** How long after last entry Wallet keeps the night's pass current (the night goes on after last entry). */
const EXPIRES_AFTER_LAST_ENTRY_MS = 6 * 3_600_000;

/**
 * "Add to Wallet" for a published event's night, from its public page: no member needed. Drafts
 * and unknown events answer 404 "No such event", a night the event does not run 404 in words, a
 * night whose last entry has passed 404 EVENT_NIGHT_OVER; each wallet while off its own 404.
 */
@Injectable()
export class EventPasses {
  constructor(
    private readonly em: EntityManager,
    private readonly wallet: WalletService,
    private readonly views: EventViews,
    @InjectConfig() private readonly config: ApiConfig,
  ) {}

  /** The night's Apple Wallet pass (eventTicket) and the name to save it under. */
  async applePass(key: string, night: string | undefined): Promise<{ pass: Buffer; filename: string }> {
    const apple = this.wallet.appleOn();
    const { content, slug } = await this.content(key, night);
    return { pass: buildEventPass(apple, content), filename: `${slug}-${content.night}.pkpass` };
  }

  /** A "Save to Google Wallet" link of the night (an event ticket). */
  async googleLink(key: string, night: string | undefined): Promise<string> {
    const google = this.wallet.googleOn();
    const { content } = await this.content(key, night);
    return google.link({ kind: 'event', ...content });
  }

  private async content(key: string, night: string | undefined, now = new Date()) {
    const found = await this.views.publishedNight(this.em.fork(), key, night, now);
    const { venue } = found;
    const shown = found.night;
    const lastEntry = Date.parse(shown.endsAt);
    if (lastEntry <= now.getTime()) throw new WalletFailure('not_found', EVENT_NIGHT_OVER);
    const address = [venue.address.street, venue.address.locality, venue.address.region, venue.address.postalCode]
      .filter(Boolean)
      .join(', ');
    const content: EventPassContent = {
      eventId: shown.id,
      night: shown.night,
      nightLabel: shown.nightLabel,
      title: shown.title,
      venueName: venue.name,
      address: [address, venue.address.country].filter(Boolean).join(', '),
      location: venue.location,
      startsAt: shown.startsAt,
      endsAt: shown.endsAt,
      expiresAt: isoInZone(new Date(lastEntry + EXPIRES_AFTER_LAST_ENTRY_MS), venue.timeZone),
      priceText: shown.priceText,
      lineUp: shown.lineUp,
      freeUntil: shown.guestList?.freeUntil ?? null,
      url: absolute(this.config.APP_URL, shown.url),
    };
    return { content, slug: found.row.slug };
  }
}
