import Foundation
import PulpeDomain

/// The Swiss household the demo data describes: a couple in Vaud, one salary, pay day the 25th.
/// Plain data, kept apart from the generator so it reads like a budget.
enum DemoCatalogue {
    /// Names of the template lines the generator refers to.
    enum Line: String, CaseIterable {
        case salary = "Salaire"
        case rent = "Loyer"
        case healthInsurance = "Assurance maladie LAMal"
        case serafe = "Redevance Serafe"
        case electricity = "Électricité"
        case groceries = "Épicerie"
        case transport = "Transports publics (CFF)"
        case mobility = "Mobility"
        case phone = "Téléphone & internet (Swisscom)"
        case leisure = "Loisirs"
        case restaurants = "Restaurants & Café"
        case householdInsurance = "Assurance ménage & RC"
        case taxes = "Impôts (acomptes)"
        case pillar3a = "Pilier 3a"
        case savings = "Épargne"
    }

    /// The "Budget standard" template: planned amount in cents and kind of each line.
    static let templateLines: [(line: Line, cents: Int, kind: TransactionKind)] = [
        (.salary, 745_000, .income),
        (.rent, 215_000, .expense),
        (.healthInsurance, 86_240, .expense), // two adults, ~431 CHF each
        (.serafe, 2_790, .expense),
        (.electricity, 8_500, .expense),
        (.groceries, 110_000, .expense),
        (.transport, 18_500, .expense),
        (.mobility, 6_000, .expense),
        (.phone, 8_990, .expense),
        (.leisure, 25_000, .expense),
        (.restaurants, 30_000, .expense),
        (.householdInsurance, 3_250, .expense),
        (.taxes, 65_000, .expense),
        (.pillar3a, 60_485, .saving),
        (.savings, 40_000, .saving),
    ]

    /// Fixed monthly payments: the day offset from the period start, the wording of the transaction,
    /// and the amount range in cents (a single value when the amount never changes).
    static let fixedPayments: [(line: Line, dayOffset: Int, name: String, cents: ClosedRange<Int>)] = [
        (.salary, 0, "Salaire — Helvetia Conseil SA", 745_000...745_000),
        (.pillar3a, 1, "Virement pilier 3a (VIAC)", 60_485...60_485),
        (.savings, 1, "Virement épargne", 40_000...40_000),
        (.transport, 3, "CFF — abonnement demi-tarif + Mobilis", 18_500...18_500),
        (.rent, 6, "Loyer — Régie du Lac", 215_000...215_000),
        (.healthInsurance, 7, "CSS — primes LAMal", 86_240...86_240),
        (.householdInsurance, 8, "La Mobilière — ménage & RC", 3_250...3_250),
        (.serafe, 10, "Serafe — redevance radio-TV", 2_790...2_790),
        (.taxes, 12, "Administration cantonale des impôts — acompte", 65_000...65_000),
        (.electricity, 15, "Romande Énergie — électricité", 6_800...10_900),
        (.phone, 20, "Swisscom — inOne home & mobile", 8_990...8_990),
    ]

    static let groceryShops = ["Migros", "Coop", "Denner", "Lidl", "Aldi Suisse", "Migros Daily", "Coop Pronto", "Volg",
                               "Marché de Vevey"]
    static let cafes: [(name: String, cents: ClosedRange<Int>)] = [
        ("Café du Marché", 450...780), ("Café de la Gare", 420...650), ("Boulangerie Poyet", 600...1_450),
        ("Pizzeria Da Mario", 3_800...7_200), ("Sushi Zen", 4_500...9_000), ("Brasserie du Château", 5_500...11_000),
        ("Crêperie La Bolée", 2_600...4_800),
    ]
    static let leisure: [(name: String, cents: ClosedRange<Int>)] = [
        ("Cinéma Pathé", 1_900...3_800), ("Piscine de Bellerive", 800...1_600), ("Fnac", 2_500...8_000),
        ("Décathlon", 3_000...12_000), ("Concert au Métropole", 6_500...9_500), ("Musée cantonal des Beaux-Arts", 1_500...3_000),
    ]
    static let mobilityTrip = (name: "Mobility — trajet", cents: 2_800...9_500)
    static let freeExpenses: [(name: String, cents: ClosedRange<Int>)] = [
        ("Pharmacie Amavita", 1_200...4_500), ("Coiffeur", 4_500...6_500), ("Kiosque — journaux", 400...1_200),
        ("Cadeau d'anniversaire", 4_000...9_000), ("Manor — vêtements", 3_500...12_000), ("Pressing", 1_800...3_200),
    ]
    /// Cheap, frequent purchases: what `--demo-extra-transactions` fills a month with.
    static let smallExpenses: [(name: String, cents: ClosedRange<Int>)] = [
        ("Café du Marché", 30...80), ("Kiosque — journaux", 20...120), ("Boulangerie Poyet", 40...150),
        ("TL — billet de bus", 50...100), ("Migros Daily", 20...140), ("Distributeur — eau minérale", 10...60),
    ]
    static let freeIncomes: [(name: String, cents: ClosedRange<Int>)] = [
        ("Vente Ricardo", 3_500...15_000), ("Remboursement TWINT — Léa", 2_400...6_000),
    ]
}
