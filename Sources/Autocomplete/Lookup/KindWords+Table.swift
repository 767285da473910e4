/// The words people put beside a name to say what kind of place they mean: "Hotel Palace",
/// "hotelli Kämp", "Pasila asema", "Kamppi metro", "Centraal Station". A query word found here
/// may match the place's kind (its OpenStreetMap tags) as well as its name.
///
/// This is our own table, written in the spirit of Nominatim's special phrases (the OpenStreetMap
/// wiki's Nominatim/Special_Phrases/XX pages) but not taken from them: one entry per kind, its
/// tags, and its words in English, Dutch, German, French, Spanish, Italian, Portuguese, Finnish,
/// Swedish, Danish, Norwegian (bokmål), Polish, Czech, Estonian and Russian.
///
/// - A place is of an entry's kind when it carries any one of the entry's tags.
/// - A word that means two kinds (Swedish and Dutch "station", Finnish "tori", German "Schloss")
///   is listed under each; the lookup takes the union.
/// - Left out on purpose: words that are mostly parts of names ("street", "straat", "katu",
///   "gatan", "weg"; streets are found by their names); words that are another language's word
///   for a different kind (French "collège" folds to "college", German and Swedish "Gymnasium"
///   is a school, Dutch "coffeeshop" is no café); forms that are better known as towns
///   ("Münster", "Bergen", "Tours"); Polish "plaża" (a beach), which folds to "plaza" (a square);
///   and one-letter words (Swedish "ö", Danish "ø").
/// - Hyphenated words ("juna-asema", "u-bahn", "t-bane") are written as people write them;
///   folding turns the hyphen into a space.
///
/// The comment after each line names the languages its words are from.
extension KindWords {
    /// One kind of place and the words people use for it, by language.
    struct Entry: Sendable {
        /// OpenStreetMap tags a place of this kind carries: "tourism=hotel", or "railway=station"; a bare key ("aeroway") matches any value.
        let tags: [String]
        /// Words for it, lower case, as people write them (diacritics kept: "hôtel", "kirkko", "església"). Singular and plural, and the common compound-free forms; no phrases of more than one word.
        let words: [String]
    }

    static let table: [Entry] = [
        // MARK: Staying

        // Hotel.
        Entry(
            tags: ["tourism=hotel"],
            words: [
                "hotel", "hotels",  // en nl de es it pt da nb pl cs
                "hôtel", "hôtels",  // fr
                "hoteles",  // es
                "albergo", "alberghi",  // it
                "hotéis",  // pt
                "hotelli", "hotellit",  // fi
                "hotell",  // sv nb et
                "hoteller",  // da nb
                "hotele",  // pl
                "hotely",  // cs
                "hotellid",  // et
                "отель", "отели", "гостиница", "гостиницы",  // ru
            ]),
        // Hostel.
        Entry(
            tags: ["tourism=hostel"],
            words: [
                "hostel", "hostels",  // en nl de da nb pl cs et
                "jeugdherberg", "jeugdherbergen",  // nl
                "jugendherberge", "jugendherbergen",  // de
                "albergue", "albergues", "hostal", "hostales",  // es pt
                "ostello", "ostelli",  // it
                "hostelli", "hostellit", "retkeilymaja", "retkeilymajat",  // fi
                "vandrarhem",  // sv
                "vandrerhjem",  // da nb
                "hostele",  // pl
                "hostely", "ubytovna",  // cs
                "хостел", "хостелы",  // ru
            ]),
        // Guest house, bed and breakfast.
        Entry(
            tags: ["tourism=guest_house"],
            words: [
                "guesthouse", "guesthouses",  // en
                "pension", "pensions", "gastenverblijf",  // nl de fr
                "pensionen", "gasthaus", "gasthäuser", "gästehaus", "gästehäuser", "gasthof", "gasthöfe",  // de
                "gîte", "gîtes",  // fr
                "hostal", "hostales", "pensión", "pensiones",  // es
                "pensione", "pensioni", "locanda", "locande",  // it
                "pensão", "pensões", "pousada", "pousadas",  // pt
                "majatalo", "majatalot", "matkustajakoti", "matkustajakodit",  // fi
                "pensionat",  // sv da
                "gæstehus", "kro",  // da
                "pensjonat", "pensjonaty", "gjestehus",  // nb pl
                "penzion", "penziony",  // cs
                "külalistemaja",  // et
                "пансионат", "пансионаты",  // ru
            ]),
        // Motel.
        Entry(
            tags: ["tourism=motel"],
            words: [
                "motel", "motels",  // en nl de fr it pt da cs pl
                "moteles",  // es
                "motelli", "motellit",  // fi
                "motell",  // sv nb et
                "motele",  // pl
                "motely",  // cs
                "мотель", "мотели",  // ru
            ]),

        // MARK: Getting there

        // Railway station (and halt).
        Entry(
            tags: ["railway=station", "railway=halt", "public_transport=station", "building=train_station"],
            words: [
                "station", "stations",  // en nl fr sv da
                "treinstation", "treinstations",  // nl
                "bahnhof", "bahnhöfe", "hauptbahnhof", "hauptbahnhöfe", "hbf", "s-bahn",  // de
                "gare", "gares",  // fr
                "estación", "estaciones",  // es
                "stazione", "stazioni",  // it
                "estação", "estações",  // pt
                "asema", "asemat", "rautatieasema", "rautatieasemat", "päärautatieasema", "juna-asema", "juna-asemat",  // fi
                "seisake", "matkakeskus",  // fi
                "stationer", "järnvägsstation", "järnvägsstationer", "centralstation", "centralstationer", "tågstation",  // sv
                "resecentrum",  // sv
                "banegård", "banegårde", "hovedbanegård", "togstation",  // da
                "stasjon", "stasjoner", "jernbanestasjon", "jernbanestasjoner", "sentralstasjon", "togstasjon",  // nb
                "stacja", "stacje", "dworzec", "dworce",  // pl
                "nádraží", "stanice",  // cs
                "jaam", "jaamad", "raudteejaam", "rongijaam",  // et
                "вокзал", "вокзалы", "станция", "станции", "платформа",  // ru
            ]),
        // Metro, subway, underground station.
        Entry(
            tags: ["station=subway", "subway=yes", "railway=subway_entrance", "railway=station", "public_transport=station"],
            words: [
                "metro", "subway", "underground", "tube",  // en nl es it pt fi da pl cs
                "metrostation", "metrostations",  // nl da
                "u-bahn", "u-bahnhof",  // de
                "métro", "station",  // fr
                "estación", "subte",  // es
                "metropolitana", "stazione",  // it
                "metrô", "estação",  // pt
                "metroasema", "metroasemat", "asema",  // fi
                "tunnelbana", "tunnelbanestation", "tunnelbanestationer", "t-bana",  // sv
                "t-bane", "t-banestasjon", "stasjon",  // nb
                "stacja",  // pl
                "stanice",  // cs
                "метро", "станция",  // ru
            ]),
        // Tram stop.
        Entry(
            tags: ["railway=tram_stop"],
            words: [
                "tram", "stop", "stops", "streetcar",  // en nl de it
                "tramhalte", "halte", "haltes",  // nl
                "straßenbahn", "haltestelle", "haltestellen",  // de
                "tramway", "arrêt", "arrêts",  // fr
                "tranvía", "parada", "paradas",  // es pt
                "fermata", "fermate",  // it
                "elétrico", "bonde", "paragem", "paragens",  // pt
                "raitiovaunu", "ratikka", "raitiovaunupysäkki", "pysäkki", "pysäkit",  // fi
                "spårvagn", "spårvagnshållplats", "hållplats", "hållplatser",  // sv
                "sporvogn", "letbane", "stoppested", "stoppesteder",  // da
                "trikk", "trikkestopp", "holdeplass", "holdeplasser",  // nb
                "tramwaj", "przystanek", "przystanki",  // pl
                "tramvaj", "zastávka", "zastávky",  // cs
                "tramm", "trammipeatus", "peatus", "peatused",  // et
                "трамвай", "остановка", "остановки",  // ru
            ]),
        // Bus station.
        Entry(
            tags: ["amenity=bus_station"],
            words: [
                "bus", "terminal", "terminals",  // en nl de fr es pt sv da
                "busstation", "busstations",  // nl sv da
                "busbahnhof", "busbahnhöfe", "zob",  // de
                "gare",  // fr
                "autostazione", "autostazioni",  // it
                "rodoviária",  // pt
                "linja-autoasema", "linja-autoasemat", "bussiasema", "bussiterminaali", "matkakeskus",  // fi
                "bussterminal", "resecentrum",  // sv
                "busterminal", "rutebilstation",  // da
                "busstasjon", "rutebilstasjon",  // nb
                "dworzec", "dworce",  // pl
                "bussijaam", "bussijaamad",  // et
                "автовокзал", "автовокзалы", "автостанция",  // ru
            ]),
        // Bus stop.
        Entry(
            tags: ["highway=bus_stop"],
            words: [
                "bus", "stop", "stops",  // en nl de fr
                "bushalte", "bushaltes", "halte", "haltes",  // nl
                "bushaltestelle", "haltestelle", "haltestellen",  // de
                "arrêt", "arrêts",  // fr
                "autobús", "parada", "paradas",  // es pt
                "fermata", "fermate",  // it
                "ônibus", "paragem", "paragens",  // pt
                "pysäkki", "pysäkit", "bussipysäkki", "bussipysäkit", "linja-autopysäkki",  // fi
                "hållplats", "hållplatser", "busshållplats",  // sv
                "stoppested", "stoppesteder", "busstoppested",  // da
                "holdeplass", "holdeplasser", "bussholdeplass", "busstopp",  // nb
                "przystanek", "przystanki",  // pl
                "zastávka", "zastávky",  // cs
                "peatus", "peatused", "bussipeatus",  // et
                "остановка", "остановки",  // ru
            ]),
        // Ferry terminal.
        Entry(
            tags: ["amenity=ferry_terminal"],
            words: [
                "ferry", "ferries", "terminal", "terminals",  // en fr es pt sv
                "veer", "veerpont", "veerboot", "veerhaven",  // nl
                "fähre", "fähren", "fähranleger", "fährhafen", "fährterminal",  // de
                "embarcadère",  // fr
                "transbordador", "embarcadero",  // es
                "traghetto", "traghetti", "imbarcadero",  // it
                "balsa",  // pt
                "lautta", "lautat", "lauttasatama", "lauttaterminaali", "laivaterminaali", "terminaali", "satama",  // fi
                "färja", "färjor", "färjeläge", "färjeterminal",  // sv
                "færge", "færger", "færgehavn", "færgeleje",  // da
                "ferje", "ferge", "ferjer", "ferjekai", "fergekai", "ferjeleie",  // nb
                "prom", "promy", "przystań",  // pl
                "přívoz", "trajekt",  // cs
                "praam", "parvlaev", "sadam",  // et
                "паром", "паромы", "пристань", "причал",  // ru
            ]),
        // Harbour, port.
        Entry(
            tags: ["harbour=yes", "landuse=harbour", "landuse=port", "industrial=port", "amenity=ferry_terminal"],
            words: [
                "harbour", "harbours", "harbor", "harbors", "port", "ports",  // en fr pl
                "haven", "havens",  // nl
                "hafen", "häfen",  // de
                "puerto", "puertos",  // es
                "porto", "porti", "portos",  // it pt
                "satama", "satamat",  // fi
                "hamn", "hamnar",  // sv
                "havn", "havne", "havner",  // da nb
                "porty",  // pl
                "přístav", "přístavy",  // cs
                "sadam", "sadamad",  // et
                "порт", "порты", "гавань",  // ru
            ]),
        // Airport.
        Entry(
            tags: ["aeroway=aerodrome", "aeroway=terminal"],
            words: [
                "airport", "airports", "aerodrome", "airfield",  // en
                "luchthaven", "luchthavens", "vliegveld", "vliegvelden",  // nl
                "flughafen", "flughäfen", "flugplatz",  // de
                "aéroport", "aéroports", "aérodrome",  // fr
                "aeropuerto", "aeropuertos", "aeródromo",  // es
                "aeroporto", "aeroporti", "aeroportos",  // it pt
                "lentoasema", "lentoasemat", "lentokenttä", "lentokentät",  // fi
                "flygplats", "flygplatser",  // sv
                "lufthavn", "lufthavne", "lufthavner", "flyplass",  // da nb
                "lotnisko", "lotniska",  // pl
                "letiště",  // cs
                "lennujaam", "lennuväli",  // et
                "аэропорт", "аэропорты", "аэродром",  // ru
            ]),

        // MARK: Seeing

        // Museum.
        Entry(
            tags: ["tourism=museum"],
            words: [
                "museum", "museums",  // en nl de sv da nb
                "musea", "museen",  // nl de
                "musée", "musées",  // fr
                "museo", "museos", "musei",  // es it fi
                "museu", "museus",  // pt
                "museot",  // fi
                "museer",  // sv da nb
                "muzeum", "muzea",  // pl cs
                "muuseum", "muuseumid",  // et
                "музей", "музеи",  // ru
            ]),
        // Art gallery.
        Entry(
            tags: ["tourism=gallery", "shop=art"],
            words: [
                "gallery", "galleries",  // en
                "galerie", "galerieën", "galerien", "galeries", "kunsthalle",  // nl de fr cs
                "galería", "galerías",  // es
                "galleria", "gallerie",  // it fi
                "galeria", "galerias",  // pt pl
                "galleriat", "taidegalleria",  // fi
                "galleri", "gallerier", "konsthall",  // sv da nb
                "kunsthal", "kunsthall",  // da nb
                "galerii", "kunstigalerii",  // et
                "галерея", "галереи",  // ru
            ]),
        // Castle, fortress.
        Entry(
            tags: ["historic=castle", "building=castle", "historic=fort"],
            words: [
                "castle", "castles", "fortress", "fortresses", "fort", "forts", "citadel",  // en nl fr
                "kasteel", "kastelen", "burcht", "slot", "vesting",  // nl
                "burg", "burgen", "schloss", "schlösser", "festung", "zitadelle",  // de
                "château", "châteaux", "forteresse", "citadelle",  // fr
                "castillo", "castillos", "fortaleza", "alcázar", "alcazaba",  // es pt
                "castello", "castelli", "fortezza", "rocca",  // it
                "castelo", "castelos", "forte",  // pt
                "linna", "linnat", "linnoitus",  // fi
                "slott", "borg", "fästning",  // sv
                "slotte", "fæstning",  // da
                "festning",  // nb
                "zamek", "zamki", "twierdza",  // pl
                "hrad", "hrady", "zámek", "zámky", "pevnost",  // cs
                "loss", "linnus", "kindlus",  // et
                "замок", "замки", "крепость", "кремль",  // ru
            ]),
        // Palace, stately residence.
        Entry(
            tags: ["castle_type=palace", "castle_type=stately", "building=palace"],
            words: [
                "palace", "palaces",  // en
                "paleis", "paleizen", "slot",  // nl da
                "palast", "paläste", "palais", "schloss", "schlösser",  // de fr
                "château", "châteaux",  // fr
                "palacio", "palacios",  // es
                "palazzo", "palazzi", "reggia",  // it
                "palácio", "palácios", "paço",  // pt
                "palatsi", "palatsit",  // fi
                "palats", "slott",  // sv nb
                "palæ", "slotte",  // da
                "palass",  // nb
                "pałac", "pałace",  // pl
                "palác", "paláce", "zámek", "zámky",  // cs
                "loss", "palee",  // et
                "дворец", "дворцы",  // ru
            ]),
        // Tower.
        Entry(
            tags: ["man_made=tower", "building=tower"],
            words: [
                "tower", "towers",  // en
                "toren", "torens",  // nl
                "turm", "türme",  // de
                "tour",  // fr
                "torre", "torres",  // es it pt
                "torni", "tornit",  // fi
                "torn",  // sv et
                "tårn",  // da nb
                "wieża", "wieże",  // pl
                "věž", "věže",  // cs
                "башня", "башни",  // ru
            ]),
        // Lighthouse.
        Entry(
            tags: ["man_made=lighthouse"],
            words: [
                "lighthouse", "lighthouses",  // en
                "vuurtoren", "vuurtorens",  // nl
                "leuchtturm", "leuchttürme",  // de
                "phare", "phares",  // fr
                "faro", "faros", "fari",  // es it
                "farol", "faróis",  // pt
                "majakka", "majakat",  // fi
                "fyr", "fyrar", "fyrtårn",  // sv da nb
                "latarnia",  // pl
                "maják",  // cs
                "majakas",  // et
                "маяк", "маяки",  // ru
            ]),
        // Monument.
        Entry(
            tags: ["historic=monument"],
            words: [
                "monument", "monuments",  // en nl de fr sv da nb et
                "monumenten",  // nl
                "denkmal", "denkmäler",  // de
                "monumento", "monumentos", "monumenti",  // es it pt
                "monumentti",  // fi
                "pomnik", "pomniki",  // pl
                "pomník", "památník",  // cs
                "памятник", "памятники", "монумент",  // ru
            ]),
        // Memorial, statue.
        Entry(
            tags: ["historic=memorial"],
            words: [
                "memorial", "memorials", "statue", "statues",  // en es pt de fr da nb
                "gedenkteken", "standbeeld",  // nl
                "gedenkstätte", "mahnmal", "denkmal",  // de
                "mémorial",  // fr
                "estatua",  // es
                "memoriale", "statua",  // it
                "estátua",  // pt
                "muistomerkki", "patsas",  // fi
                "minnesmärke", "staty",  // sv
                "mindesmærke",  // da
                "minnesmerke",  // nb
                "pomnik",  // pl
                "památník", "socha",  // cs
                "mälestusmärk",  // et
                "мемориал", "памятник",  // ru
            ]),
        // Viewpoint.
        Entry(
            tags: ["tourism=viewpoint"],
            words: [
                "viewpoint", "viewpoints", "lookout", "overlook", "panorama",  // en de fr it
                "uitkijkpunt", "uitzichtpunt", "uitkijktoren",  // nl
                "aussichtspunkt", "aussichtsturm",  // de
                "belvédère",  // fr
                "mirador", "miradores",  // es
                "belvedere",  // it
                "miradouro", "mirante",  // pt
                "näköalapaikka", "näköalatorni", "näkötorni",  // fi
                "utsiktsplats", "utsiktstorn",  // sv
                "udsigtspunkt", "udsigtstårn",  // da
                "utsiktspunkt", "utsiktstårn",  // nb
                "vyhlídka", "rozhledna",  // cs
                "vaatetorn",  // et
            ]),
        // Zoo.
        Entry(
            tags: ["tourism=zoo"],
            words: [
                "zoo", "zoos",  // en nl de fr es it pt fi da pl cs
                "dierentuin", "dierentuinen",  // nl
                "tierpark",  // de
                "zoológico",  // es pt
                "eläintarha",  // fi
                "djurpark",  // sv
                "dyrepark",  // nb
                "loomaaed",  // et
                "зоопарк",  // ru
            ]),

        // MARK: Worship

        // Church.
        Entry(
            tags: ["building=church", "religion=christian", "amenity=place_of_worship"],
            words: [
                "church", "churches", "basilica",  // en it
                "kerk", "kerken", "basiliek",  // nl
                "kirche", "kirchen", "basilika",  // de
                "église", "églises", "basilique",  // fr
                "iglesia", "iglesias", "basílica", "parroquia",  // es pt
                "chiesa", "chiese",  // it
                "igreja", "igrejas",  // pt
                "kirkko", "kirkot",  // fi
                "kyrka", "kyrkor",  // sv
                "kirke", "kirker",  // da nb
                "kościół", "kościoły", "bazylika", "cerkiew", "cerkwie",  // pl
                "kostel", "kostely", "bazilika", "chrám",  // cs
                "kirik", "kirikud",  // et
                "церковь", "церкви", "храм", "костёл", "костел", "кирха",  // ru
            ]),
        // Cathedral.
        Entry(
            tags: ["building=cathedral", "place_of_worship=cathedral", "amenity=place_of_worship"],
            words: [
                "cathedral", "cathedrals",  // en
                "kathedraal", "kathedralen", "dom", "domkerk",  // nl de
                "kathedrale",  // de
                "cathédrale", "cathédrales",  // fr
                "catedral", "catedrales", "catedrais",  // es pt
                "cattedrale", "cattedrali", "duomo",  // it
                "tuomiokirkko", "tuomiokirkot", "katedraali",  // fi
                "domkyrka", "domkyrkor", "katedral",  // sv da nb
                "domkirke", "domkirker",  // da nb
                "katedra", "katedry", "archikatedra",  // pl
                "katedrála", "katedrály", "dóm",  // cs
                "toomkirik", "katedraal",  // et
                "собор", "соборы",  // ru
            ]),
        // Chapel.
        Entry(
            tags: ["building=chapel", "place_of_worship=chapel", "amenity=place_of_worship"],
            words: [
                "chapel", "chapels",  // en
                "kapel", "kapellen",  // nl da de
                "kapelle",  // de
                "chapelle", "chapelles",  // fr
                "capilla", "capillas", "ermita",  // es
                "cappella", "cappelle",  // it
                "capela", "capelas",  // pt
                "kappeli", "kappelit",  // fi
                "kapell",  // sv nb
                "kaplica", "kaplice",  // pl
                "kaple",  // cs
                "kabel",  // et
                "часовня", "часовни",  // ru
            ]),
        // Mosque.
        Entry(
            tags: ["building=mosque", "religion=muslim", "amenity=place_of_worship"],
            words: [
                "mosque", "mosques",  // en
                "moskee", "moskeeën",  // nl
                "moschee", "moscheen",  // de it
                "mosquée", "mosquées",  // fr
                "mezquita", "mezquitas",  // es
                "moschea",  // it
                "mesquita", "mesquitas",  // pt
                "moskeija", "moskeijat",  // fi
                "moské", "moskéer", "moskeer",  // sv da nb
                "meczet", "meczety",  // pl
                "mešita", "mešity",  // cs
                "mošee",  // et
                "мечеть", "мечети",  // ru
            ]),
        // Synagogue.
        Entry(
            tags: ["building=synagogue", "religion=jewish", "amenity=place_of_worship"],
            words: [
                "synagogue", "synagogues",  // en fr
                "synagoge", "synagogen", "sjoel",  // nl de da nb
                "sinagoga", "sinagogas", "sinagoghe",  // es it pt
                "synagoga", "synagogat", "synagogor", "synagogi", "synagogy",  // fi sv pl cs
                "sünagoog",  // et
                "синагога", "синагоги",  // ru
            ]),
        // Temple (Buddhist, Hindu, Shinto, Sikh, Jain, Taoist).
        Entry(
            tags: [
                "building=temple", "religion=buddhist", "religion=hindu", "religion=shinto", "religion=sikh", "religion=jain",
                "religion=taoist",
            ],
            words: [
                "temple", "temples", "pagoda",  // en fr
                "tempel", "tempels",  // nl de sv da nb et
                "templo", "templos",  // es pt
                "tempio", "templi",  // it
                "temppeli", "temppelit",  // fi
                "świątynia", "świątynie",  // pl
                "chrám", "chrámy",  // cs
                "храм", "храмы",  // ru
            ]),
        // Cemetery.
        Entry(
            tags: ["landuse=cemetery", "amenity=grave_yard"],
            words: [
                "cemetery", "cemeteries", "graveyard", "churchyard",  // en
                "begraafplaats", "begraafplaatsen", "kerkhof",  // nl
                "friedhof", "friedhöfe",  // de
                "cimetière", "cimetières",  // fr
                "cementerio", "cementerios",  // es
                "cimitero", "cimiteri",  // it
                "cemitério", "cemitérios",  // pt
                "hautausmaa", "hautausmaat",  // fi
                "kyrkogård", "kyrkogårdar", "begravningsplats",  // sv
                "kirkegård", "kirkegårde", "gravlund",  // da nb
                "cmentarz", "cmentarze",  // pl
                "hřbitov", "hřbitovy",  // cs
                "kalmistu", "surnuaed",  // et
                "кладбище", "кладбища",  // ru
            ]),

        // MARK: Open spaces

        // Square.
        Entry(
            tags: ["place=square", "highway=pedestrian"],
            words: [
                "square", "squares", "plaza", "piazza",  // en es it
                "plein", "pleinen", "markt",  // nl de
                "platz", "plätze", "marktplatz",  // de
                "place",  // fr pl
                "plazas",  // es
                "piazze",  // it
                "praça", "praças",  // pt
                "tori", "torit", "aukio", "aukiot", "kauppatori",  // fi
                "torg",  // sv nb
                "torv", "plads", "pladser",  // da
                "plass",  // nb
                "plac", "rynek",  // pl
                "náměstí",  // cs
                "väljak", "plats",  // et sv
                "площадь", "площади",  // ru
            ]),
        // Park.
        Entry(
            tags: ["leisure=park"],
            words: [
                "park", "parks",  // en nl de sv da nb pl cs et
                "parken", "parker", "parki", "parky", "pargid",  // nl sv da nb pl cs et
                "parc", "parcs",  // fr
                "parque", "parques",  // es pt
                "parco", "parchi",  // it
                "puisto", "puistot",  // fi
                "парк", "парки", "сквер",  // ru
            ]),
        // Garden.
        Entry(
            tags: ["leisure=garden"],
            words: [
                "garden", "gardens",  // en
                "tuin", "tuinen", "hortus",  // nl
                "garten", "gärten",  // de
                "jardin", "jardins",  // fr pt
                "jardín", "jardines",  // es
                "giardino", "giardini",  // it
                "jardim",  // pt
                "puutarha", "puutarhat",  // fi
                "trädgård", "trädgårdar",  // sv
                "have", "haver",  // da
                "hage", "hager",  // nb
                "ogród", "ogrody",  // pl
                "zahrada", "zahrady",  // cs
                "aed",  // et
                "сад", "сады",  // ru
            ]),
        // Playground.
        Entry(
            tags: ["leisure=playground"],
            words: [
                "playground", "playgrounds",  // en
                "speeltuin", "speeltuinen", "speelplaats",  // nl
                "spielplatz", "spielplätze",  // de
                "parquinho",  // pt
                "leikkipuisto", "leikkipuistot", "leikkikenttä",  // fi
                "lekplats", "lekplatser",  // sv
                "legeplads",  // da
                "lekeplass",  // nb
                "hřiště",  // cs
                "mänguväljak",  // et
            ]),
        // Beach.
        Entry(
            tags: ["natural=beach", "leisure=beach_resort"],
            words: [
                "beach", "beaches",  // en
                "strand", "strände", "lido",  // nl de sv da nb it
                "plage", "plages",  // fr
                "playa", "playas",  // es
                "spiaggia", "spiagge",  // it
                "praia", "praias",  // pt
                "uimaranta",  // fi
                "badstrand",  // sv
                "plaże",  // pl
                "pláž",  // cs
                "rand",  // et
                "пляж", "пляжи",  // ru
            ]),
        // Island.
        Entry(
            tags: ["place=island", "place=islet"],
            words: [
                "island", "islands", "isle",  // en
                "eiland", "eilanden",  // nl
                "insel", "inseln",  // de
                "île", "îles",  // fr
                "isla", "islas",  // es
                "isola", "isole",  // it
                "ilha", "ilhas",  // pt
                "saari", "saaret",  // fi
                "øy", "øyer",  // nb
                "wyspa", "wyspy",  // pl
                "ostrov", "ostrovy",  // cs
                "остров", "острова",  // ru
            ]),
        // Lake.
        Entry(
            tags: ["water=lake", "water=reservoir", "natural=water"],
            words: [
                "lake", "lakes",  // en
                "meer", "meren",  // nl
                "see", "seen",  // de
                "lac", "lacs",  // fr
                "lago", "lagos", "laghi", "lagoa",  // es it pt
                "järvi", "järvet",  // fi
                "sjö", "sjöar",  // sv
                "sø", "søer", "innsjø",  // da nb
                "jezioro", "jeziora",  // pl
                "jezero", "jezera",  // cs
                "järv", "järved",  // et
                "озеро", "озёра", "озера",  // ru
            ]),
        // Mountain, peak, hill.
        Entry(
            tags: ["natural=peak", "natural=volcano", "natural=hill"],
            words: [
                "mountain", "mountains", "peak", "peaks", "hill", "hills",  // en
                "berg", "gipfel",  // nl de sv
                "mont", "montagne", "pic", "sommet",  // fr
                "montaña", "monte", "pico", "cerro",  // es it pt
                "montagna", "picco", "cima",  // it
                "montanha",  // pt
                "vuori", "vuoret", "tunturi", "huippu",  // fi
                "fjäll", "topp",  // sv nb
                "bjerg",  // da
                "fjell", "tind",  // nb
                "góra", "góry", "szczyt",  // pl
                "hora", "hory", "vrch",  // cs
                "mägi", "tipp",  // et
                "гора", "горы", "вершина", "пик",  // ru
            ]),
        // Bridge.
        Entry(
            tags: ["man_made=bridge"],
            words: [
                "bridge", "bridges",  // en
                "brug", "bruggen",  // nl
                "brücke", "brücken",  // de
                "pont", "ponts",  // fr
                "puente", "puentes",  // es
                "ponte", "ponti", "pontes",  // it pt
                "silta", "sillat",  // fi
                "bro", "broar", "broer",  // sv da nb
                "bru", "bruer",  // nb
                "most", "mosty",  // pl cs
                "sild",  // et
                "мост", "мосты",  // ru
            ]),
        // Fountain.
        Entry(
            tags: ["amenity=fountain"],
            words: [
                "fountain", "fountains",  // en
                "fontein", "fonteinen",  // nl
                "brunnen", "springbrunnen",  // de
                "fontaine", "fontaines",  // fr
                "fuente", "fuentes",  // es
                "fontana", "fontane",  // it
                "fonte", "chafariz",  // pt
                "suihkulähde",  // fi
                "fontän",  // sv
                "springvand",  // da
                "fontene",  // nb
                "fontanna",  // pl
                "fontána", "kašna",  // cs
                "purskkaev",  // et
                "фонтан", "фонтаны",  // ru
            ]),

        // MARK: Food and drink

        // Restaurant.
        Entry(
            tags: ["amenity=restaurant"],
            words: [
                "restaurant", "restaurants",  // en nl de fr da nb
                "gaststätte", "wirtshaus",  // de
                "brasserie", "bistro",  // fr nl
                "restaurante", "restaurantes",  // es pt
                "ristorante", "ristoranti", "trattoria", "osteria", "pizzeria",  // it
                "ravintola", "ravintolat",  // fi
                "restaurang", "restauranger",  // sv
                "restauracja", "restauracje",  // pl
                "restaurace",  // cs
                "restoran", "restoranid",  // et
                "ресторан", "рестораны",  // ru
            ]),
        // Café.
        Entry(
            tags: ["amenity=cafe"],
            words: [
                "café", "cafés",  // en nl de fr pt da
                "koffiebar", "konditorei",  // nl de
                "cafetería", "cafeterías",  // es
                "caffè", "caffetteria",  // it
                "cafetaria", "pastelaria",  // pt
                "kahvila", "kahvilat",  // fi
                "kafé", "kaféer", "konditori",  // sv
                "caféer", "kaffebar",  // da nb
                "kafeer",  // nb
                "kawiarnia", "kawiarnie",  // pl
                "kavárna", "kavárny",  // cs
                "kohvik", "kohvikud",  // et
                "кафе", "кофейня", "кофейни",  // ru
            ]),
        // Bar.
        Entry(
            tags: ["amenity=bar"],
            words: [
                "bar", "bars",  // en nl de fr it es pt sv da nb pl cs
                "bares",  // es pt
                "baari", "baarit",  // fi
                "barer",  // sv da nb
                "bary",  // pl cs
                "baar", "baarid",  // et
                "бар", "бары",  // ru
            ]),
        // Pub, tavern (and the Dutch café, which is one).
        Entry(
            tags: ["amenity=pub"],
            words: [
                "pub", "pubs", "tavern", "taverns",  // en nl de fr es it pt sv da nb pl
                "kroeg", "kroegen", "café",  // nl
                "kneipe", "kneipen",  // de
                "taberna", "tabernas",  // es pt
                "birreria",  // it
                "tasca",  // pt
                "pubi", "pubit", "kapakka",  // fi et
                "pubar", "krog",  // sv
                "værtshus",  // da
                "puby",  // pl
                "hospoda", "hospody", "pivnice",  // cs
                "kõrts",  // et
                "паб", "пабы", "пивная",  // ru
            ]),
        // Market, marketplace, market hall.
        Entry(
            tags: ["amenity=marketplace"],
            words: [
                "market", "markets", "marketplace", "bazaar",  // en
                "markt", "markten", "markthal",  // nl de
                "märkte", "markthalle", "marktplatz",  // de
                "marché", "marchés", "halles",  // fr
                "mercado", "mercados",  // es pt
                "mercato", "mercati",  // it
                "tori", "kauppatori", "kauppahalli", "kauppahallit",  // fi
                "torg", "saluhall", "saluhallar", "marknad",  // sv nb
                "torv", "torvehal", "marked",  // da nb
                "targ", "targowisko", "rynek",  // pl
                "tržiště", "trh", "trhy", "tržnice",  // cs
                "turg", "turud",  // et
                "рынок", "рынки", "базар",  // ru
            ]),

        // MARK: Shops and services

        // Supermarket.
        Entry(
            tags: ["shop=supermarket"],
            words: [
                "supermarket", "supermarkets", "grocery",  // en pl cs et
                "supermarkt", "supermarkten", "supermärkte",  // nl de
                "supermarché", "supermarchés", "hypermarché",  // fr
                "supermercado", "supermercados",  // es pt
                "supermercato", "supermercati",  // it
                "supermarketti", "ruokakauppa", "lähikauppa",  // fi
                "stormarknad", "mataffär", "livsmedelsbutik",  // sv
                "supermarked", "matbutikk",  // da nb
                "samoobsluha",  // cs
                "toidupood",  // et
                "супермаркет",  // ru
            ]),
        // Shopping centre, mall.
        Entry(
            tags: ["shop=mall"],
            words: [
                "mall", "malls",  // en
                "winkelcentrum", "winkelcentra",  // nl
                "einkaufszentrum", "einkaufszentren",  // de
                "shopping",  // pt
                "kauppakeskus", "kauppakeskukset", "ostoskeskus",  // fi
                "köpcentrum", "galleria",  // sv fi
                "indkøbscenter",  // da
                "kjøpesenter",  // nb
                "galeria",  // pl
                "kaubanduskeskus",  // et
                "тц", "трц", "молл",  // ru
            ]),
        // Department store.
        Entry(
            tags: ["shop=department_store"],
            words: [
                "warenhuis", "warenhuizen",  // nl
                "kaufhaus", "kaufhäuser", "warenhaus",  // de
                "tavaratalo", "tavaratalot",  // fi
                "varuhus",  // sv
                "stormagasin",  // da
                "varehus",  // nb
                "kaubamaja",  // et
                "универмаг",  // ru
            ]),
        // Pharmacy.
        Entry(
            tags: ["amenity=pharmacy", "healthcare=pharmacy"],
            words: [
                "pharmacy", "pharmacies", "chemist", "drugstore",  // en fr
                "apotheek", "apotheken",  // nl de
                "apotheke",  // de
                "pharmacie",  // fr
                "farmacia", "farmacias", "farmacie",  // es it
                "farmácia", "farmácias",  // pt
                "apteekki", "apteekit",  // fi
                "apotek", "apoteker",  // sv da nb
                "apteka", "apteki",  // pl
                "lékárna", "lékárny",  // cs
                "apteek",  // et
                "аптека", "аптеки",  // ru
            ]),
        // Bank.
        Entry(
            tags: ["amenity=bank"],
            words: [
                "bank", "banks",  // en nl de sv da nb pl
                "banken", "banker", "banki",  // nl de sv da nb pl
                "banque", "banques",  // fr
                "banco", "bancos",  // es pt
                "banca", "banche",  // it
                "pankki", "pankit",  // fi
                "banka", "banky",  // cs
                "pank",  // et
                "банк", "банки",  // ru
            ]),
        // Post office.
        Entry(
            tags: ["amenity=post_office"],
            words: [
                "post",  // en nl de sv
                "postkantoor", "postkantoren",  // nl
                "postamt", "postfiliale",  // de
                "poste",  // fr
                "correos",  // es
                "posta",  // it
                "correios",  // pt
                "posti", "postitoimisto",  // fi
                "postkontor",  // sv nb et
                "posthus",  // da
                "poczta",  // pl
                "pošta",  // cs
                "почта", "почтамт",  // ru
            ]),
        // Fuel station.
        Entry(
            tags: ["amenity=fuel"],
            words: [
                "fuel", "petrol",  // en
                "tankstation", "tankstations",  // nl da
                "tankstelle", "tankstellen",  // de
                "station-service",  // fr
                "gasolinera", "gasolineras",  // es
                "benzinaio",  // it
                "huoltoasema", "huoltoasemat", "bensa-asema",  // fi
                "bensinstation", "bensinmack",  // sv
                "benzinstation", "servicestation",  // da
                "bensinstasjon",  // nb
                "benzinka",  // cs
                "tankla",  // et
                "азс", "заправка",  // ru
            ]),
        // Parking.
        Entry(
            tags: ["amenity=parking"],
            words: [
                "parking", "carpark",  // en nl fr es pl
                "parkeerplaats", "parkeergarage",  // nl
                "parkplatz", "parkhaus", "tiefgarage",  // de
                "aparcamiento", "estacionamiento",  // es
                "parcheggio", "parcheggi",  // it
                "estacionamento",  // pt
                "pysäköinti", "parkkipaikka", "parkkihalli", "pysäköintitalo", "pysäköintihalli",  // fi
                "parkering", "parkeringshus",  // sv da nb
                "parkingi",  // pl
                "parkoviště",  // cs
                "parkla", "parkimismaja",  // et
                "парковка", "стоянка", "автостоянка",  // ru
            ]),
        // Toilets.
        Entry(
            tags: ["amenity=toilets"],
            words: [
                "toilet", "toilets", "restroom", "restrooms", "wc",  // en nl de fr fi cs
                "toiletten",  // nl de
                "toilette", "klo",  // de
                "toilettes",  // fr
                "aseos",  // es
                "bagni",  // it
                "sanitários", "banheiro",  // pt
                "vessa", "käymälä",  // fi
                "toalett", "toaletter",  // sv nb
                "toaleta", "ubikacja",  // pl
                "záchod",  // cs
                "tualett",  // et
                "туалет", "туалеты",  // ru
            ]),

        // MARK: Health, learning, culture

        // Hospital.
        Entry(
            tags: ["amenity=hospital", "healthcare=hospital"],
            words: [
                "hospital", "hospitals",  // en es pt da
                "ziekenhuis", "ziekenhuizen",  // nl
                "krankenhaus", "krankenhäuser", "klinikum", "klinik", "spital",  // de
                "hôpital", "hôpitaux",  // fr
                "hospitales",  // es
                "ospedale", "ospedali",  // it
                "hospitais",  // pt
                "sairaala", "sairaalat",  // fi
                "sjukhus",  // sv
                "hospitaler", "sygehus",  // da
                "sykehus",  // nb
                "szpital", "szpitale",  // pl
                "nemocnice",  // cs
                "haigla", "haiglad",  // et
                "больница", "больницы", "госпиталь",  // ru
            ]),
        // Library.
        Entry(
            tags: ["amenity=library"],
            words: [
                "library", "libraries",  // en
                "bibliotheek", "bibliotheken",  // nl de
                "bibliothek", "bücherei",  // de
                "bibliothèque", "bibliothèques", "médiathèque",  // fr
                "biblioteca", "bibliotecas", "biblioteche",  // es it pt
                "kirjasto", "kirjastot",  // fi
                "bibliotek", "biblioteker",  // sv da nb
                "biblioteka", "biblioteki",  // pl
                "knihovna", "knihovny",  // cs
                "raamatukogu",  // et
                "библиотека", "библиотеки",  // ru
            ]),
        // Kindergarten.
        Entry(
            tags: ["amenity=kindergarten"],
            words: [
                "kindergarten", "kindergartens", "nursery", "preschool",  // en de
                "kleuterschool", "kinderdagverblijf",  // nl
                "kindergärten", "kita",  // de
                "maternelle", "crèche",  // fr
                "guardería",  // es
                "asilo",  // it
                "creche",  // pt
                "päiväkoti", "päiväkodit",  // fi
                "förskola", "förskolor", "dagis",  // sv
                "børnehave", "børnehaver", "vuggestue",  // da
                "barnehage", "barnehager",  // nb
                "przedszkole", "przedszkola",  // pl
                "školka",  // cs
                "lasteaed",  // et
                "детсад", "садик",  // ru
            ]),
        // School.
        Entry(
            tags: ["amenity=school"],
            words: [
                "school", "schools",  // en nl
                "scholen",  // nl
                "schule", "schulen", "grundschule",  // de
                "école", "écoles", "lycée", "lycées",  // fr
                "escuela", "escuelas", "colegio", "colegios",  // es
                "scuola", "scuole", "liceo", "licei",  // it
                "escola", "escolas", "colégio",  // pt
                "koulu", "koulut", "lukio", "peruskoulu",  // fi
                "skola", "skolor",  // sv
                "skole", "skoler",  // da nb
                "szkoła", "szkoły", "liceum",  // pl
                "škola", "školy", "gymnázium",  // cs
                "kool", "koolid", "gümnaasium",  // et
                "школа", "школы", "гимназия", "лицей",  // ru
            ]),
        // University.
        Entry(
            tags: ["amenity=university"],
            words: [
                "university", "universities", "uni",  // en de
                "universiteit", "universiteiten", "hogeschool",  // nl
                "universität", "universitäten", "hochschule",  // de
                "université", "universités",  // fr
                "universidad", "universidades",  // es
                "università",  // it
                "universidade",  // pt
                "yliopisto", "yliopistot",  // fi
                "universitet", "universiteter", "högskola",  // sv da nb
                "høgskole",  // nb
                "uniwersytet", "uniwersytety", "politechnika", "uczelnia",  // pl
                "univerzita", "univerzity",  // cs
                "ülikool",  // et
                "университет", "университеты",  // ru
            ]),
        // College (higher education short of a university).
        Entry(
            tags: ["amenity=college"],
            words: [
                "college", "colleges",  // en
                "hogeschool", "hogescholen",  // nl
                "hochschule", "hochschulen", "fachhochschule",  // de
                "ammattikorkeakoulu", "ammattiopisto", "opisto",  // fi
                "högskola", "högskolor",  // sv
                "højskole",  // da
                "høgskole", "høgskoler",  // nb
                "uczelnia",  // pl
                "kolledž",  // et
                "колледж", "колледжи", "техникум",  // ru
            ]),
        // Cinema.
        Entry(
            tags: ["amenity=cinema"],
            words: [
                "cinema", "cinemas",  // en it pt
                "bioscoop", "bioscopen",  // nl
                "kino", "kinos",  // de nb pl cs et
                "cinéma", "cinémas",  // fr
                "cine", "cines",  // es
                "elokuvateatteri", "elokuvateatterit", "leffateatteri",  // fi
                "biograf", "biografer", "bio",  // sv da
                "kinoer",  // nb
                "kina",  // pl cs
                "кинотеатр", "кинотеатры", "кино",  // ru
            ]),
        // Theatre, opera house.
        Entry(
            tags: ["amenity=theatre"],
            words: [
                "theatre", "theatres", "theater", "theaters", "opera",  // en nl de it sv da nb pl cs
                "schouwburg", "schouwburgen",  // nl
                "schauspielhaus", "oper",  // de
                "théâtre", "théâtres", "opéra",  // fr
                "teatro", "teatros", "teatri", "ópera",  // es it pt
                "teatteri", "teatterit", "ooppera",  // fi
                "teater", "teatrar",  // sv da nb et
                "teatre",  // da
                "teatr", "teatry",  // pl
                "divadlo", "divadla",  // cs
                "teatrid", "ooper",  // et
                "театр", "театры", "опера",  // ru
            ]),
        // Concert hall.
        Entry(
            tags: ["amenity=concert_hall", "theatre:type=concert_hall"],
            words: [
                "auditorium",  // en fr it
                "concertgebouw", "concertzaal",  // nl
                "konzerthaus", "konzerthalle", "philharmonie",  // de fr
                "auditorio",  // es
                "auditório",  // pt
                "konserttitalo", "konserttisali",  // fi
                "konserthus",  // sv nb
                "koncerthus", "koncertsal",  // da
                "filharmonia",  // pl
                "filharmonie",  // cs
                "kontserdimaja",  // et
                "филармония",  // ru
            ]),

        // MARK: Sport

        // Stadium.
        Entry(
            tags: ["leisure=stadium"],
            words: [
                "stadium", "stadiums", "arena",  // en it es sv pl
                "stadion", "stadions",  // nl de fi sv da nb pl cs
                "stadien",  // de
                "stade", "stades",  // fr
                "estadio", "estadios",  // es
                "stadio", "stadi",  // it
                "estádio", "estádios",  // pt
                "stadionit",  // fi
                "stadioner",  // da
                "stadiony",  // pl cs
                "staadion",  // et
                "стадион", "стадионы",  // ru
            ]),
        // Sports centre, sports hall.
        Entry(
            tags: ["leisure=sports_centre", "leisure=sports_hall", "building=sports_hall"],
            words: [
                "arena",  // en sv
                "sporthal", "sporthallen", "sportcentrum",  // nl
                "sporthalle", "sportzentrum", "turnhalle",  // de
                "gymnase",  // fr
                "polideportivo",  // es
                "palasport", "palazzetto",  // it
                "ginásio",  // pt
                "urheiluhalli", "urheilukeskus", "liikuntahalli",  // fi
                "sporthall", "idrottshall",  // sv
                "idrætshal", "idrætscenter",  // da
                "idrettshall",  // nb
                "sportoviště",  // cs
                "spordihoone", "spordikeskus", "spordihall",  // et
                "спорткомплекс",  // ru
            ]),
        // Swimming pool, swimming hall.
        Entry(
            tags: ["leisure=swimming_pool", "sport=swimming", "leisure=water_park"],
            words: [
                "pool", "pools", "lido",  // en it
                "zwembad", "zwembaden",  // nl
                "schwimmbad", "schwimmbäder", "hallenbad", "freibad",  // de
                "piscine", "piscines",  // fr
                "piscina", "piscinas",  // es it pt
                "uimahalli", "uimahallit", "maauimala", "uimala",  // fi
                "simhall", "simhallar", "badhus",  // sv
                "svømmehal", "svømmehaller",  // da
                "svømmehall",  // nb
                "basen", "baseny", "pływalnia",  // pl
                "bazén", "bazény", "koupaliště",  // cs
                "ujula", "bassein",  // et
                "бассейн", "бассейны",  // ru
            ]),

        // MARK: Public services

        // Police.
        Entry(
            tags: ["amenity=police"],
            words: [
                "police",  // en fr
                "politie", "politiebureau",  // nl
                "polizei", "polizeiwache", "polizeirevier",  // de
                "gendarmerie", "commissariat",  // fr
                "policía", "comisaría",  // es
                "polizia", "questura", "carabinieri",  // it
                "polícia", "esquadra",  // pt
                "poliisi", "poliisiasema",  // fi
                "polis", "polisstation",  // sv
                "politi", "politistation",  // da nb
                "politistasjon",  // nb
                "policja", "komisariat", "komenda",  // pl
                "policie",  // cs
                "politsei",  // et
                "полиция",  // ru
            ]),
        // Fire station.
        Entry(
            tags: ["amenity=fire_station"],
            words: [
                "firehouse",  // en
                "brandweer", "brandweerkazerne",  // nl
                "feuerwehr", "feuerwache",  // de
                "pompiers",  // fr
                "bomberos",  // es
                "pompieri",  // it
                "bombeiros",  // pt
                "paloasema", "paloasemat",  // fi
                "brandstation",  // sv da
                "brannstasjon",  // nb
                "remiza",  // pl
                "hasičárna",  // cs
            ]),
        // Town hall, city hall.
        Entry(
            tags: ["amenity=townhall"],
            words: [
                "townhall", "guildhall",  // en
                "stadhuis", "stadhuizen", "gemeentehuis", "raadhuis",  // nl
                "rathaus", "rathäuser", "stadthaus",  // de
                "mairie", "mairies",  // fr
                "ayuntamiento", "ayuntamientos",  // es
                "municipio",  // it
                "prefeitura",  // pt
                "kaupungintalo", "raatihuone", "kunnantalo",  // fi
                "stadshus", "rådhus",  // sv da nb
                "ratusz",  // pl
                "radnice",  // cs
                "raekoda",  // et
                "ратуша", "мэрия",  // ru
            ]),
        // Embassy, consulate.
        Entry(
            tags: ["office=diplomatic", "amenity=embassy", "diplomatic=embassy"],
            words: [
                "embassy", "embassies", "consulate",  // en
                "ambassade", "ambassades", "consulaat",  // nl fr da nb
                "botschaft", "botschaften", "konsulat",  // de sv da nb pl
                "consulat",  // fr
                "embajada", "embajadas", "consulado",  // es pt
                "ambasciata", "ambasciate", "consolato",  // it
                "embaixada", "embaixadas",  // pt
                "suurlähetystö", "lähetystö", "konsulaatti",  // fi
                "ambassad", "ambassader",  // sv
                "ambasada", "ambasady",  // pl
                "velvyslanectví", "konzulát",  // cs
                "saatkond", "konsulaat",  // et
                "посольство", "консульство",  // ru
            ]),
        // Government office, ministry.
        Entry(
            tags: ["office=government"],
            words: [
                "ministry", "ministries",  // en
                "ministerie",  // nl
                "ministerium", "behörde",  // de da
                "ministère", "préfecture",  // fr
                "ministerio",  // es
                "ministero", "prefettura",  // it
                "ministério",  // pt
                "ministeriö", "virasto",  // fi
                "departement", "myndighet",  // sv nb
                "ministerstwo", "urząd",  // pl
                "ministerstvo", "úřad",  // cs
                "ministeerium",  // et
                "министерство",  // ru
            ]),
        // Parliament.
        Entry(
            tags: ["government=legislative", "government=parliament", "building=parliament"],
            words: [
                "parliament", "capitol",  // en
                "parlement",  // nl fr
                "parlament", "landtag",  // de sv da nb pl cs et
                "parlamento",  // es it pt
                "parlamentti",  // fi
                "sněmovna",  // cs
                "парламент", "дума",  // ru
            ]),
    ]
}
