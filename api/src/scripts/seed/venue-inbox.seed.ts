import { addDays, clubNightOf } from '@nocturne/domain';
import { CommandBus } from '@nestjs/cqrs';
import { ReceiveContactMessageCommand, RequestBookingCommand } from '#modules/venue-inbox/venue-inbox.public.js';
import type { SeedContext } from './seed-context.js';

/** A few contact messages and booking requests for the admin inboxes, made through the real commands. */
export async function seedVenueInbox(ctx: SeedContext): Promise<void> {
  const commands = ctx.app.get(CommandBus);
  const tonight = clubNightOf(new Date(), ctx.config.VENUE_TZ);
  await commands.execute(
    new ReceiveContactMessageCommand(
      {
        name: 'Robin Hale',
        email: 'robin@example.com',
        message: 'Do you have a cloakroom on Saturdays?',
        phone: undefined,
        website: undefined,
      },
      '127.0.0.1',
    ),
  );
  await commands.execute(
    new RequestBookingCommand(
      {
        name: 'Dana Wu',
        email: 'dana@example.com',
        phone: '0400 123 456',
        date: addDays(tonight, 5),
        time: '22:00',
        guests: '6+',
        service: 'birthday',
        message: 'Thirtieth birthday, cake at midnight.',
      },
      '127.0.0.1',
    ),
  );
  await commands.execute(
    new RequestBookingCommand(
      {
        name: 'Sam Ortiz',
        email: 'sam@example.com',
        phone: undefined,
        date: addDays(tonight, 12),
        time: '20:00',
        guests: '4',
        service: 'vip-room',
        message: undefined,
      },
      '127.0.0.1',
    ),
  );
  ctx.log('Demo inbox: 1 contact message, 2 booking requests');
}
