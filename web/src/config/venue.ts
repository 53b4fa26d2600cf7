// Every fact about the venue lives here, so a venue changes its details in one place. The opening
// hours the booking rules use are the domain's (VENUE_OPENING_HOURS), shared with the api.
import { VENUE_OPENING_HOURS } from '@nocturne/domain';

export interface VideoSource {
  webm: string;
  mp4: string;
  poster: string;
}

export interface Photo {
  /** Responsive sources, keyed by pixel width. */
  small: string;
  large: string;
  alt: string;
}

const video = (name: string): VideoSource => ({
  webm: `/site-media/${name}.webm`,
  mp4: `/site-media/${name}.mp4`,
  poster: `/site-media/${name}-poster.webp`,
});

const photoAlts = [
  'Violet and gold bokeh over the main bar',
  'Blue stage light through haze',
  'Warm amber lights at the lounge',
  'Magenta glow on the dance floor',
  'Purple haze with golden sparks',
  'Red and gold lights in the VIP room',
  'Cool blue lights over the private booths',
  'Lilac glow in the champagne lounge',
  'Green and gold lights on the terrace',
  'Pink neon over the main stage',
  'Gold spotlights in the suite',
  'Soft rose light in the dressing lounge',
  'Hot pink and orange stage wash',
  'Candlelit bronze tones at the bar',
];

export const venue = {
  name: 'Nocturne',
  tagline: 'Late-night entertainment in the heart of the city',
  description:
    'Nocturne is a late-night venue with world-class performers, VIP and private rooms, and a free members club. Open 7 nights a week, strictly 18+.',
  address: {
    street: '88 Lonsdale Lane',
    suburb: 'Surry Hills',
    region: 'NSW 2010',
    country: 'Australia',
  },
  phone: '+61 2 9000 1234',
  shuttlePhone: '+61 400 000 111',
  bookingEmail: 'bookings@nocturne.example',
  socials: [
    { name: 'Instagram', url: 'https://www.instagram.com/nocturne.venue' },
    { name: 'Facebook', url: 'https://www.facebook.com/nocturne.venue' },
    { name: 'TikTok', url: 'https://www.tiktok.com/@nocturne.venue' },
    { name: 'X', url: 'https://x.com/nocturnevenue' },
  ],
  openingHours: [
    // Venue time on a 24-hour clock, as everywhere on the site.
    { days: 'Sunday – Wednesday', hours: '20:00 – 04:00' },
    { days: 'Thursday – Saturday', hours: '19:00 – 04:00' },
  ],
  openingNote: 'Open 7 nights a week',
  /**
   * The same hours for the booking form: the hour the doors open each evening, by weekday
   * (0 = Sunday, as Date.getDay()), and the hour the night ends the next morning.
   */
  opening: VENUE_OPENING_HOURS,
  minimumAge: 18,
  media: {
    hero: video('hero'),
    venue: video('venue'),
    performers: [video('performer-1'), video('performer-2')],
    photos: photoAlts.map((alt, index): Photo => {
      const n = String(index + 1).padStart(2, '0');
      return { small: `/site-media/photo-${n}-480.webp`, large: `/site-media/photo-${n}-960.webp`, alt };
    }),
  },
} as const;

export const fullAddress = (): string => {
  const { street, suburb, region, country } = venue.address;
  return `${street}, ${suburb} ${region}, ${country}`;
};

/** A maps route from wherever the visitor is to the venue. */
export const directionsUrl = (): string =>
  `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(fullAddress())}`;

export const telHref = (phone: string): string => `tel:${phone.replace(/[^+\d]/g, '')}`;
