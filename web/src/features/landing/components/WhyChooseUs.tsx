import { venue } from '@/config/venue';

const features = [
  { title: 'World-Class Performers', text: 'A rotating line-up of the best talent, every night of the week.' },
  { title: 'Safe & Discreet', text: 'Licensed security, respectful staff and a strict 18+ door.' },
  { title: 'Premium Bar', text: 'Champagne, signature cocktails and top-shelf spirits.' },
  { title: 'Free Shuttle', text: `Call our shuttle on ${venue.shuttlePhone} for a ride to the door.` },
  { title: 'Members Rewards', text: 'Free membership: earn points, unlock coupons, climb the tiers.' },
  { title: 'Open Late', text: 'Seven nights a week, until 04:00.' },
];

export function WhyChooseUs() {
  return (
    <section id="why-choose-us" aria-labelledby="why-title" className="bg-night-900/60 px-4 py-24">
      <div className="mx-auto max-w-6xl">
        <h2 id="why-title" className="font-display text-center text-4xl text-gold sm:text-5xl">
          Why Choose Us
        </h2>
        <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {features.map((feature) => (
            <li key={feature.title} className="rounded-xl border border-white/10 bg-night-950/70 p-6">
              <h3 className="text-lg font-semibold text-white">{feature.title}</h3>
              <p className="mt-2 text-white/80">{feature.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
