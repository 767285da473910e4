import Foundation
import PlaceCore

/// Each country the imported names lie in, as a place of its own, so that "Vaduz Liechtenstein",
/// "paris france" and "Senaatintori, Suomi" can name it: its English name, with its names in its
/// own languages and the common European ones as alternate names ("Suomi", "Finnland",
/// "Finlande"), from the system's locale data (CLDR, through Foundation), not a table of ours.
/// It stands at the most important place of that country among the names.
struct CountryRecords {
    /// The scheme of their ids (`country:NL`).
    static let source = "country"

    private var best: [String: (importance: Float, coordinate: Coordinate)] = [:]

    /// Languages every country is named in besides its own.
    static let languages = ["en", "de", "fr", "es", "it", "nl", "pt", "sv", "fi", "da", "nb", "pl", "cs", "et", "ru"]

    /// Notes a record's country, and its position when it is the country's most important place so far.
    mutating func note(_ record: NameRecord) {
        guard let code = record.countryCode, code.utf8.count == 2, let coordinate = record.coordinate else { return }
        let key = code.uppercased()
        let weight = record.kind == .place ? record.importance + 1 : record.importance
        if let known = best[key], known.importance >= weight { return }
        best[key] = (weight, coordinate)
    }

    /// One record per country noted, in code order.
    var records: [NameRecord] {
        best.keys.sorted().compactMap { code in
            guard let (_, coordinate) = best[code] else { return nil }
            return Self.record(code: code, at: coordinate)
        }
    }

    static func record(code: String, at coordinate: Coordinate) -> NameRecord? {
        let cldr = Locale(identifier: "en").localizedString(forRegionCode: code)
        guard let cldr, cldr.uppercased() != code else { return nil }
        let common = commonNames[code] ?? []
        let english = common.first ?? cldr
        var names: [String] = []
        var seen: Set<String> = [english]
        for name in common.dropFirst() + [cldr] where seen.insert(name).inserted { names.append(name) }
        for language in ownLanguages(of: code) + languages {
            guard let name = Locale(identifier: language).localizedString(forRegionCode: code), seen.insert(name).inserted else { continue }
            names.append(name)
        }
        // Its codes too, as people write them after a comma ("Dushanbe, TJK", "phuket tha").
        names += [code] + (alpha3[code].map { [$0] } ?? [])
        return NameRecord(
            id: "\(source):\(code)", name: english, kind: .place, importance: 1, coordinate: coordinate, detail: "Country",
            alternateNames: names, countryCode: code, category: "place=country")
    }

    /// The names people write that the locale data does not give (it says "China mainland",
    /// "Türkiye", "Czechia"): the first, where there is one, is the name shown.
    static let commonNames: [String: [String]] = [
        "CN": ["China", "People's Republic of China"], "TW": ["Taiwan", "Republic of China"], "CZ": ["Czechia", "Czech Republic"],
        "US": ["United States", "USA", "United States of America", "America"],
        "GB": ["United Kingdom", "UK", "Great Britain", "Britain", "England", "Scotland", "Wales", "Northern Ireland"],
        "NL": ["Netherlands", "Holland", "The Netherlands"], "MM": ["Myanmar", "Burma"], "CI": ["Côte d’Ivoire", "Ivory Coast"],
        "PS": ["Palestine", "Palestinian Territories"], "KR": ["South Korea", "Korea", "Republic of Korea"], "KP": ["North Korea"],
        "RU": ["Russia", "Russian Federation"], "VN": ["Vietnam", "Viet Nam"], "IR": ["Iran", "Persia"], "SY": ["Syria"], "LA": ["Laos", "Lao"],
        "MK": ["North Macedonia", "Macedonia"], "SZ": ["Eswatini", "Swaziland"], "CV": ["Cape Verde", "Cabo Verde"],
        "TR": ["Turkey", "Türkiye"], "CD": ["DR Congo", "Democratic Republic of the Congo", "Congo-Kinshasa"],
        "CG": ["Congo", "Republic of the Congo", "Congo-Brazzaville"], "VA": ["Vatican City", "Vatican", "Holy See"],
        "TL": ["Timor-Leste", "East Timor"], "BO": ["Bolivia"], "VE": ["Venezuela"], "TZ": ["Tanzania"], "MD": ["Moldova"],
        "BN": ["Brunei"], "FM": ["Micronesia"], "BA": ["Bosnia and Herzegovina", "Bosnia"], "AE": ["United Arab Emirates", "UAE"],
    ]

    /// ISO 3166-1 alpha-3 by alpha-2 ("TH" → "THA"): Foundation's locale data has no API for it.
    static let alpha3: [String: String] = {
        let pairs = """
            ADAND AEARE AFAFG AGATG AIAIA ALALB AMARM AOAGO AQATA ARARG ASASM ATAUT AUAUS AWABW AXALA AZAZE
            BABIH BBBRB BDBGD BEBEL BFBFA BGBGR BHBHR BIBDI BJBEN BLBLM BMBMU BNBRN BOBOL BQBES BRBRA BSBHS
            BTBTN BVBVT BWBWA BYBLR BZBLZ CACAN CCCCK CDCOD CFCAF CGCOG CHCHE CICIV CKCOK CLCHL CMCMR CNCHN
            COCOL CRCRI CUCUB CVCPV CWCUW CXCXR CYCYP CZCZE DEDEU DJDJI DKDNK DMDMA DODOM DZDZA ECECU EEEST
            EGEGY EHESH ERERI ESESP ETETH FIFIN FJFJI FKFLK FMFSM FOFRO FRFRA GAGAB GBGBR GDGRD GEGEO GFGUF
            GGGGY GHGHA GIGIB GLGRL GMGMB GNGIN GPGLP GQGNQ GRGRC GSSGS GTGTM GUGUM GWGNB GYGUY HKHKG HMHMD
            HNHND HRHRV HTHTI HUHUN IDIDN IEIRL ILISR IMIMN ININD IOIOT IQIRQ IRIRN ISISL ITITA JEJEY JMJAM
            JOJOR JPJPN KEKEN KGKGZ KHKHM KIKIR KMCOM KNKNA KPPRK KRKOR KWKWT KYCYM KZKAZ LALAO LBLBN LCLCA
            LILIE LKLKA LRLBR LSLSO LTLTU LULUX LVLVA LYLBY MAMAR MCMCO MDMDA MEMNE MFMAF MGMDG MHMHL MKMKD
            MLMLI MMMMR MNMNG MOMAC MPMNP MQMTQ MRMRT MSMSR MTMLT MUMUS MVMDV MWMWI MXMEX MYMYS MZMOZ NANAM
            NCNCL NENER NFNFK NGNGA NINIC NLNLD NONOR NPNPL NRNRU NUNIU NZNZL OMOMN PAPAN PEPER PFPYF PGPNG
            PHPHL PKPAK PLPOL PMSPM PNPCN PRPRI PSPSE PTPRT PWPLW PYPRY QAQAT REREU ROROU RSSRB RURUS RWRWA
            SASAU SBSLB SCSYC SDSDN SESWE SGSGP SHSHN SISVN SJSJM SKSVK SLSLE SMSMR SNSEN SOSOM SRSUR SSSSD
            STSTP SVSLV SXSXM SYSYR SZSWZ TCTCA TDTCD TFATF TGTGO THTHA TJTJK TKTKL TLTLS TMTKM TNTUN TOTON
            TRTUR TTTTO TVTUV TWTWN TZTZA UAUKR UGUGA UMUMI USUSA UYURY UZUZB VAVAT VCVCT VEVEN VGVGB VIVIR
            VNVNM VUVUT WFWLF WSWSM YEYEM YTMYT ZAZAF ZMZMB ZWZWE
            """.split(whereSeparator: \.isWhitespace)
        return Dictionary(uniqueKeysWithValues: pairs.map { (String($0.prefix(2)), String($0.suffix(3))) })
    }()

    /// The languages a country's own locales are in: fi and sv for FI, de for LI.
    static func ownLanguages(of code: String) -> [String] {
        ownLanguagesByCountry[code] ?? []
    }

    private static let ownLanguagesByCountry: [String: [String]] = {
        var found: [String: [String]] = [:]
        for identifier in Locale.availableIdentifiers {
            let parts = identifier.split(separator: "_")
            guard parts.count == 2, parts[1].count == 2, (2...3).contains(parts[0].count) else { continue }
            let language = String(parts[0])
            if !(found[String(parts[1])]?.contains(language) ?? false) { found[String(parts[1]), default: []].append(language) }
        }
        return found.mapValues { $0.sorted() }
    }()
}
