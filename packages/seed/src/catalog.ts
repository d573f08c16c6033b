// The seed catalog, written by hand: invented artists, albums and songs, and the five system
// playlists of SPEC.md section 3. Titles use uncommon words so that search can be tested.
import { buildCatalog, type ArtistSource, type PlaylistSource } from "./catalog-model.js";

const artists: ArtistSource[] = [
  {
    name: "Nova Marigold",
    bio: "Glittering synth-pop from a Lisbon rooftop studio, full of hooks about late trains and small victories.",
    albums: [
      {
        title: "Sugarglass Summer",
        releaseDate: "2019-06-14",
        genre: "Pop",
        songs: ["Marmalade Skyline", "Paper Crown Parade"],
      },
      {
        title: "Late Train Confetti",
        releaseDate: "2021-09-03",
        genre: "Pop",
        songs: ["Kaleidoscope Heartbeat"],
      },
      { title: "Glowstick Diaries", releaseDate: "2025-10-24", genre: "Pop", songs: ["Neon Lemonade"] },
    ],
  },
  {
    name: "The Paper Comets",
    bio: "A four-piece garage band from Duluth that plays every song as if the amplifiers might give out tomorrow.",
    albums: [
      {
        title: "Static on the Riverbank",
        releaseDate: "2017-10-06",
        genre: "Rock",
        songs: ["Rust Belt Lullaby", "Gravel & Thunder"],
      },
      {
        title: "Fireworks for the Insomniacs",
        releaseDate: "2022-05-13",
        genre: "Rock",
        songs: ["Cathedral of Amplifiers", "Broken Compass Anthem"],
      },
    ],
  },
  {
    name: "Halcyon Circuit",
    bio: "Modular synthesizers, field recordings of power stations and a lifelong love of 4 a.m. dance floors.",
    albums: [
      {
        title: "Photon Gardens",
        releaseDate: "2018-02-09",
        genre: "Electronic",
        songs: ["Quasar Bloom", "Chrome Tide"],
      },
      {
        title: "Midnight Telemetry",
        releaseDate: "2020-11-20",
        genre: "Electronic",
        songs: ["Hyperloop Sunrise", "Magnetar Drive"],
      },
      {
        title: "Afterglow Protocol",
        releaseDate: "2025-09-12",
        genre: "Electronic",
        songs: ["Pixel Monsoon"],
      },
    ],
  },
  {
    name: "Voltage Orchard",
    bio: "Two siblings, one drum machine and an orchard shed wired with far too many patch cables.",
    albums: [
      {
        title: "Circuit Fruit",
        releaseDate: "2019-04-26",
        genre: "Electronic",
        songs: ["Laser Apricot", "Binary Blossom"],
      },
      {
        title: "Tesla Harvest",
        releaseDate: "2023-07-07",
        genre: "Electronic",
        songs: ["Overdrive Cascade", "Ion Storm Carousel"],
      },
    ],
  },
  {
    name: "Kairo Quill",
    bio: "A Brooklyn wordsmith who writes verses in fountain pen and records them over dusty boom-bap drums.",
    albums: [
      {
        title: "Ink & Concrete",
        releaseDate: "2018-08-17",
        genre: "Hip-Hop",
        songs: ["Brownstone Cipher", "Subway Scribes"],
      },
      {
        title: "Quill Season",
        releaseDate: "2022-12-02",
        genre: "Hip-Hop",
        songs: ["Gold Tooth Almanac", "Boombox Monarch"],
      },
    ],
  },
  {
    name: "Juniper Blue Quartet",
    bio: "Piano, vibraphone, upright bass and brushes: the house band of a harbour-side club that never closes.",
    albums: [
      {
        title: "Smoke Rings at the Velvet Room",
        releaseDate: "2016-03-11",
        genre: "Jazz",
        songs: [{ title: "Blue Juniper Waltz", beatsPerBar: 3 }, "Foghorn Serenade"],
      },
      {
        title: "Late Set at Marlowe's",
        releaseDate: "2021-01-29",
        genre: "Jazz",
        songs: ["Cobblestone Swing", "Saxophone Weather"],
      },
    ],
  },
  {
    name: "Clara Wendeline",
    bio: "A pianist and composer writing small chamber pieces for rainy coastlines and lamp-lit rooms.",
    albums: [
      {
        title: "Nocturnes for a Northern Window",
        releaseDate: "2015-11-13",
        genre: "Classical",
        songs: ["Nocturne in Frost", { title: "Lanternlight Prelude", beatsPerBar: 3 }],
      },
      {
        title: "Tidewater Études",
        releaseDate: "2020-04-17",
        genre: "Classical",
        songs: ["Étude for a Sleeping Heron", "Meadowlark Sonatina"],
      },
    ],
  },
  {
    name: "Driftglass",
    bio: "Slow-moving soundscapes built from bowed glass, long reverbs and the patience of tides.",
    albums: [
      {
        title: "Low Tide Cathedral",
        releaseDate: "2017-01-20",
        genre: "Ambient",
        songs: ["Aurora Driftwood", "Sea Glass Choir"],
      },
      {
        title: "Weightless Observatory",
        releaseDate: "2023-02-24",
        genre: "Ambient",
        songs: ["Nebula Hush", "Glacier Lullaby"],
      },
    ],
  },
  {
    name: "Moss & Lantern",
    bio: "Bedroom beats for study sessions: warm tape hiss, sleepy electric piano and a cat who walks across the keys.",
    albums: [
      {
        title: "Rainy Window Sketches",
        releaseDate: "2020-10-09",
        genre: "Lo-Fi",
        songs: ["Cardamom Rain", "Sleepy Typewriter"],
      },
      {
        title: "Study Hall Afterhours",
        releaseDate: "2022-02-18",
        genre: "Lo-Fi",
        songs: ["Tangerine Notebook"],
      },
      {
        title: "Tea for the Radiator",
        releaseDate: "2025-11-07",
        genre: "Lo-Fi",
        songs: ["Velvet Cassette"],
      },
    ],
  },
  {
    name: "Sable Monroe",
    bio: "A velvet-voiced R&B singer whose slow jams are stitched together with honeyed chords and candlelight.",
    albums: [
      {
        title: "Honey & Smoke",
        releaseDate: "2019-02-14",
        genre: "R&B",
        songs: ["Amber Slow Dance", "Candlewax Promises"],
      },
      {
        title: "Midnight Satin",
        releaseDate: "2023-10-27",
        genre: "R&B",
        songs: ["Orchid Telephone", "Plum Velvet Sky"],
      },
    ],
  },
  {
    name: "Lumen Harbor",
    bio: "Ambient pieces composed on night ferries, named after the lighthouses they passed.",
    albums: [
      {
        title: "Harbor Lights",
        releaseDate: "2018-05-25",
        genre: "Ambient",
        songs: ["Lighthouse Reverie", "Tidepool Meditation"],
      },
      { title: "Slow Constellations", releaseDate: "2024-01-12", genre: "Ambient", songs: ["Polaris Drift"] },
    ],
  },
  {
    name: "Tiny Orbit Club",
    bio: "A space-obsessed beat collective trading loops between three kitchens and one very old sampler.",
    albums: [
      {
        title: "Satellite Backpack",
        releaseDate: "2021-06-11",
        genre: "Hip-Hop",
        songs: ["Moonwalk Mixtape", "Asteroid Lunchbox"],
      },
      {
        title: "Orbit Naps",
        releaseDate: "2025-08-15",
        genre: "Lo-Fi",
        songs: ["Comet Pajamas", "Zero Gravity Cocoa"],
      },
    ],
  },
  {
    name: "Cassia Redwood",
    bio: "A songwriter from the redwood coast who swapped her flannel rock band for a purple synth-pop glow.",
    albums: [
      {
        title: "Redwood Radio",
        releaseDate: "2016-07-22",
        genre: "Rock",
        songs: ["Timberline Highway", "Wildfire Jukebox"],
      },
      {
        title: "Purple Hour",
        releaseDate: "2024-05-31",
        genre: "Pop",
        songs: ["Violet Satellite", "Ultraviolet Daydream"],
      },
    ],
  },
];

const playlists: PlaylistSource[] = [
  {
    id: "discover-weekly",
    name: "Discover Weekly",
    description: "Your weekly mixtape of fresh finds from every corner of PurpleBeats.",
    songs: [
      "marmalade-skyline",
      "cathedral-of-amplifiers",
      "quasar-bloom",
      "brownstone-cipher",
      "cobblestone-swing",
      "etude-for-a-sleeping-heron",
      "nebula-hush",
      "cardamom-rain",
      "orchid-telephone",
      "timberline-highway",
    ],
  },
  {
    id: "daily-mix-1",
    name: "Daily Mix 1",
    description: "Pop hooks, R&B grooves and hip-hop bounce, mixed fresh for today.",
    songs: [
      "paper-crown-parade",
      "kaleidoscope-heartbeat",
      "neon-lemonade",
      "amber-slow-dance",
      "subway-scribes",
      "gold-tooth-almanac",
      "candlewax-promises",
      "moonwalk-mixtape",
      "violet-satellite",
      "boombox-monarch",
    ],
  },
  {
    id: "chill-ambient",
    name: "Chill Ambient",
    description: "Slow pads, soft keys and quiet rain for focus and unwinding.",
    songs: [
      "aurora-driftwood",
      "sea-glass-choir",
      "lighthouse-reverie",
      "glacier-lullaby",
      "sleepy-typewriter",
      "tidepool-meditation",
      "nocturne-in-frost",
      "polaris-drift",
      "tangerine-notebook",
      "zero-gravity-cocoa",
    ],
  },
  {
    id: "electronic-energy",
    name: "Electronic Energy",
    description: "High-voltage synths and four-on-the-floor beats to keep you moving.",
    songs: [
      "chrome-tide",
      "laser-apricot",
      "hyperloop-sunrise",
      "overdrive-cascade",
      "magnetar-drive",
      "binary-blossom",
      "pixel-monsoon",
      "ion-storm-carousel",
      "quasar-bloom",
      "gravel-and-thunder",
    ],
  },
  {
    id: "purple-vibes",
    name: "Purple Vibes",
    description: "Late-night violet hues: velvet R&B, jazzy keys and dreamy pop.",
    songs: [
      "plum-velvet-sky",
      "ultraviolet-daydream",
      "velvet-cassette",
      "blue-juniper-waltz",
      "orchid-telephone",
      "violet-satellite",
      "saxophone-weather",
      "comet-pajamas",
      "lanternlight-prelude",
      "foghorn-serenade",
    ],
  },
];

export const catalog = buildCatalog(artists, playlists);
