// Word lists for generated titles and names, roughly in order of how often they appear in real song
// titles (the generator picks them with a Zipf distribution, so "love" and "night" are common and
// the tail is rare), plus invented words for the long tail that makes many titles unique.
import { Random } from "./random.js";

const list = (text: string) => text.trim().split(/\s+/);

export const NOUNS = list(`
love night heart time life world girl fire dream light baby rain sky sun day home eyes
soul blue road summer moon star city song river heaven way mind world kiss dance wind
ocean water gold paradise angel memory fever shadow storm thunder morning midnight
highway island garden wave ghost mirror window letter secret promise diamond silver
echo fear hope glory freedom money party body thing name face hands lips voice friend
lover stranger mountain valley desert forest flower rose smoke ashes bridge tower
street avenue station train car radio phone machine engine rocket planet galaxy
universe comet satellite horizon sunset sunrise daylight twilight season winter spring
autumn weather snow ice glass stone wall door house room bed kitchen table chair
fortune chance story lie truth war peace battle army soldier king queen prince crown
empire kingdom castle knight dragon tiger lion wolf horse bird eagle butterfly bee
snake fish whale shark ocean tide shore beach sand sea coast harbor boat ship sail
anchor compass map journey trip ride drive flight escape return goodbye hello tomorrow
yesterday today forever moment minute hour second weekend holiday birthday wedding
funeral prayer church temple religion spirit magic miracle wonder mystery puzzle game
player winner loser hero villain rebel outlaw criminal cowboy pirate sailor doctor
teacher preacher dreamer lover fighter runner dancer singer drummer guitar piano
violin trumpet drum bass melody harmony rhythm beat groove tune anthem hymn lullaby
ballad serenade chorus verse record vinyl tape cassette speaker headphones stereo
neon chrome velvet satin silk leather denim cotton paper plastic metal iron steel
copper bronze marble crystal pearl ruby emerald sapphire amber ivory honey sugar
candy cherry lemon orange apple peach berry wine whiskey champagne coffee tea milk
bread salt pepper smoke cigarette lighter match flame spark ember blaze inferno
volcano earthquake hurricane tornado avalanche flood drought rainbow cloud fog mist
haze dust dirt mud clay gravel concrete asphalt pavement alley corner block district
`);

export const ADJECTIVES = list(`
blue little golden black wild young red sweet lonely broken dark new last crazy bad
good beautiful electric cold hot white silent perfect lost free easy heavy wicked
better higher stronger brighter faster slower deeper lucky happy sad dirty pretty
bright empty endless secret holy hollow burning falling rising dancing shining
fading crying dying living sleeping waking running flying floating drifting
velvet neon cosmic digital analog magnetic radioactive mechanical electric plastic
silver purple violet crimson scarlet emerald midnight summer winter autumn spring
tropical arctic desert urban rural southern northern eastern western distant
hidden invisible forgotten remembered borrowed stolen painted frozen melted sacred
savage gentle tender bitter sour salty spicy smooth rough sharp soft loud quiet
strange familiar foreign ancient modern future vintage classic royal humble proud
brave fearless restless reckless careless endless timeless weightless breathless
`);

export const GERUNDS = list(`
dancing running falling dreaming waiting walking driving flying burning crying
talking singing breaking chasing fading holding losing missing leaving coming
rolling rocking shaking moving living loving fighting hiding praying screaming
whispering shining sleeping waking drifting floating sinking swimming riding
`);

export const VERBS = list(`
love need want feel know take give hold let break run fall dream wait call come
stay leave hide find lose keep shake move turn burn cry dance sing play light kiss
touch save tell show follow chase catch miss remember forget believe trust carry
`);

export const PRONOUNS = list(`I you we they`);

export const FIRST_NAMES = list(`
james mary john patricia robert jennifer michael linda william elizabeth david
barbara richard susan joseph jessica thomas sarah charles karen daniel nancy
matthew lisa anthony betty mark margaret donald sandra steven ashley paul kimberly
andrew emily joshua donna kenneth michelle kevin dorothy brian carol george amanda
timothy melissa ronald deborah edward stephanie jason rebecca jeffrey sharon ryan
laura jacob cynthia gary kathleen nicholas amy eric angela jonathan shirley stephen
anna larry brenda justin pamela scott emma brandon nicole benjamin helen samuel
samantha gregory katherine alexander christine frank debra patrick rachel raymond
carolyn jack janet dennis catherine jerry maria tyler heather aaron diane jose
ruth adam julie nathan olivia henry joyce douglas virginia zachary victoria peter
kelly kyle lauren ethan christina walter joan noah evelyn jeremy judith christian
megan keith andrea roger cheryl terry hannah gerald jacqueline harold martha sean
gloria austin teresa carl ann arthur sara lawrence madison dylan frances jesse
kathryn jordan janice bryan jean billy abigail joe alice bruce judy gabriel sophia
logan grace albert denise willie amber alan doris juan marilyn wayne danielle elijah
beverly randy isabella roy theresa vincent diana ralph natalie eugene brittany russell
charlotte bobby marie mason kayla philip alexis louis lori luna mateo sofia kai
yuki hiro amara zara leila omar ines lucas mila nina oscar rosa felix iris milo
`);

export const LAST_NAMES = list(`
smith johnson williams brown jones garcia miller davis rodriguez martinez hernandez
lopez gonzalez wilson anderson thomas taylor moore jackson martin lee perez thompson
white harris sanchez clark ramirez lewis robinson walker young allen king wright
scott torres nguyen hill flores green adams nelson baker hall rivera campbell
mitchell carter roberts gomez phillips evans turner diaz parker cruz edwards collins
reyes stewart morris morales murphy cook rogers gutierrez ortiz morgan cooper
peterson bailey reed kelly howard ramos kim cox ward richardson watson brooks chavez
wood james bennett gray mendoza ruiz hughes price alvarez castillo sanders patel
myers long ross foster jimenez powell jenkins perry russell sullivan bell coleman
butler henderson barnes gonzales fisher vasquez simmons romero jordan patterson
alexander hamilton graham reynolds griffin wallace moreno west cole hayes bryant
herrera gibson ellis tran medina aguilar stevens murray ford castro marshall owens
harrison fernandez mcdonald woods washington kennedy wells vargas henry chen freeman
webb tucker guzman burns crawford olson simpson porter hunter gordon mendez silva
shaw snyder mason dixon munoz hunt hicks holmes palmer wagner black robertson boyd
rose stone salazar fox warren mills meyer rice schmidt garza daniels ferguson nichols
stephens soto weaver ryan gardner payne grant dunn kelley spencer hawkins arnold
pierce vazquez hansen peters santos hart bradley knight elliott cunningham duncan
armstrong hudson carroll lane riley andrews alvarado ray delgado berry perkins
hoffman johnston matthews pena richards contreras willis carpenter lawrence sandoval
`);

export const GENRES = [
  "Pop",
  "Rock",
  "Hip-Hop",
  "Electronic",
  "R&B",
  "Indie",
  "Country",
  "Latin",
  "Jazz",
  "Classical",
  "Ambient",
  "Metal",
  "Folk",
  "Soul",
  "Reggae",
  "Blues",
  "K-Pop",
  "Lo-Fi",
  "Funk",
  "Punk",
];

export const VERSIONS = [
  "Remix",
  "Live",
  "Acoustic",
  "Radio Edit",
  "Extended Mix",
  "Remastered",
  "Demo",
  "Instrumental",
  "Unplugged",
  "Club Mix",
];

const ONSETS = list(`b br bl c ch cl cr d dr f fl fr g gl gr h j k kl l m n p pl pr qu r s sh sl
  sm sn sp st str t th tr v w z`);
const VOWELS = list(`a e i o u ai ea ee ia io oa ou y`);
const CODAS = list(`n r l s m x nd rt st th ck ng sh ll ss ve ne re se`);

/** Invented words ("Brallow", "Quenthis"): the long tail of rare words that real catalogs have. */
export function inventWords(count: number, seed: number): string[] {
  const random = new Random(seed);
  const seen = new Set<string>();
  const words: string[] = [];
  while (words.length < count) {
    const syllables = random.int(2, 3);
    let w = "";
    for (let i = 0; i < syllables; i++) {
      w += (i === 0 || random.chance(0.7) ? random.pick(ONSETS) : "") + random.pick(VOWELS);
    }
    w += random.chance(0.6) ? random.pick(CODAS) : "";
    if (w.length < 5 || w.length > 11 || seen.has(w)) continue;
    seen.add(w);
    words.push(w);
  }
  return words;
}

export const capitalize = (w: string) => (w === "" ? w : w[0]!.toUpperCase() + w.slice(1));
export const titleCase = (text: string) =>
  text
    .split(" ")
    .map((w, i) =>
      i > 0 && ["of", "the", "in", "on", "a", "to", "and", "for"].includes(w) ? w : capitalize(w),
    )
    .join(" ");
