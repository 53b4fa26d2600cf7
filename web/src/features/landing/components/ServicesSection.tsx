import { Button } from '@/components/ui/button';

const services = [
  {
    title: 'VIP Rooms',
    text: 'Front-row booths, bottle service and a dedicated host for you and your guests all night.',
    perks: ['Reserved seating', 'Bottle service', 'Personal host'],
  },
  {
    title: 'Private Rooms',
    text: 'Discreet, soundproofed suites for celebrations, bucks parties and corporate nights.',
    perks: ['Private performances', 'Custom drinks packages', 'Groups up to 20'],
  },
];

export function ServicesSection({ onBook }: { onBook: () => void }) {
  return (
    <section id="services" tabIndex={-1} aria-labelledby="services-title" className="scroll-mt-16 px-4 py-24 focus:outline-none">
      <div className="mx-auto max-w-6xl">
        <div className="text-center">
          <p className="text-xs font-semibold uppercase tracking-[0.4em] text-neon-light">Services</p>
          <h2 id="services-title" className="font-display mt-3 text-4xl text-gold sm:text-5xl">
            VIP &amp; Private Rooms
          </h2>
        </div>
        <div className="mt-12 grid gap-6 md:grid-cols-2">
          {services.map((service) => (
            <article
              key={service.title}
              className="rounded-2xl border border-gold/25 bg-gradient-to-br from-night-800 to-night-950 p-7 shadow-[0_0_40px_rgba(109,15,140,0.25)]"
            >
              <h3 className="font-display text-2xl text-white">{service.title}</h3>
              <p className="mt-3 text-white/85">{service.text}</p>
              <ul className="mt-5 grid gap-2">
                {service.perks.map((perk) => (
                  <li key={perk} className="flex items-center gap-2 text-gold-light">
                    <span aria-hidden="true" className="h-1.5 w-1.5 rounded-full bg-neon" />
                    {perk}
                  </li>
                ))}
              </ul>
            </article>
          ))}
        </div>
        <div className="mt-10 text-center">
          <Button variant="neon" onClick={onBook}>
            Book Your Experience
          </Button>
        </div>
      </div>
    </section>
  );
}
