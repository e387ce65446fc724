/**
 * Demonyms and nationality adjectives → the country names they refer to, so that "Indian
 * suppliers" grounds to the value INDIA. A linguistic lexicon, like lemmas: not schema-specific.
 */
export const DEMONYMS: Readonly<Record<string, readonly string[]>> = {
  afghan: ['afghanistan'], albanian: ['albania'], algerian: ['algeria'], american: ['united states', 'america', 'usa'],
  argentine: ['argentina'], argentinian: ['argentina'], australian: ['australia'], austrian: ['austria'],
  bangladeshi: ['bangladesh'], belgian: ['belgium'], bolivian: ['bolivia'], brazilian: ['brazil'],
  british: ['united kingdom', 'uk', 'britain'], bulgarian: ['bulgaria'], canadian: ['canada'], chilean: ['chile'],
  chinese: ['china'], colombian: ['colombia'], croatian: ['croatia'], cuban: ['cuba'], czech: ['czech republic', 'czechia'],
  danish: ['denmark'], dutch: ['netherlands', 'holland'], ecuadorian: ['ecuador'], egyptian: ['egypt'],
  english: ['england'], estonian: ['estonia'], ethiopian: ['ethiopia'], filipino: ['philippines'], finnish: ['finland'],
  french: ['france'], german: ['germany'], greek: ['greece'], hungarian: ['hungary'], icelandic: ['iceland'],
  indian: ['india'], indonesian: ['indonesia'], iranian: ['iran'], iraqi: ['iraq'], irish: ['ireland'],
  israeli: ['israel'], italian: ['italy'], jamaican: ['jamaica'], japanese: ['japan'], jordanian: ['jordan'],
  kenyan: ['kenya'], korean: ['korea', 'south korea'], latvian: ['latvia'], lebanese: ['lebanon'],
  lithuanian: ['lithuania'], malaysian: ['malaysia'], mexican: ['mexico'], moroccan: ['morocco'],
  mozambican: ['mozambique'], nepalese: ['nepal'], nigerian: ['nigeria'], norwegian: ['norway'],
  pakistani: ['pakistan'], peruvian: ['peru'], polish: ['poland'], portuguese: ['portugal'], romanian: ['romania'],
  russian: ['russia'], saudi: ['saudi arabia'], scottish: ['scotland'], serbian: ['serbia'], singaporean: ['singapore'],
  slovak: ['slovakia'], slovenian: ['slovenia'], spanish: ['spain'], swedish: ['sweden'], swiss: ['switzerland'],
  taiwanese: ['taiwan'], thai: ['thailand'], turkish: ['turkey'], ukrainian: ['ukraine'], uruguayan: ['uruguay'],
  venezuelan: ['venezuela'], vietnamese: ['vietnam'], welsh: ['wales'],
  african: ['africa'], asian: ['asia'], european: ['europe'],
};
