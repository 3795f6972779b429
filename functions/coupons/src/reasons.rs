//! The issue types a customer-service agent picks from (3-planning §9: about
//! 50 complaint reasons in eight categories). Stored as the coupon's reason
//! (`imageName` in the spec's request).
pub const CATEGORIES: &[&str] =
    &["CX", "Driver Error", "Feedback", "Fridge Issue", "NPS", "Packing Error", "Quality", "UX"];

pub const REASONS: &[(&str, &str)] = &[
    ("CX", "Charged twice"),
    ("CX", "Charged for an item not taken"),
    ("CX", "Refund not received"),
    ("CX", "Promotion not applied"),
    ("CX", "Price differs from the label"),
    ("CX", "Receipt not received"),
    ("CX", "Account or payment problem"),
    ("Driver Error", "Fridge not restocked"),
    ("Driver Error", "Delivery missed"),
    ("Driver Error", "Items placed in the wrong slots"),
    ("Driver Error", "Expired items left in the fridge"),
    ("Driver Error", "Fridge door left open"),
    ("Driver Error", "Fridge left untidy"),
    ("Feedback", "Suggested a new item"),
    ("Feedback", "Wants more variety"),
    ("Feedback", "Wants healthier options"),
    ("Feedback", "Portion too small"),
    ("Feedback", "Price too high"),
    ("Feedback", "General goodwill"),
    ("Fridge Issue", "Door would not unlock"),
    ("Fridge Issue", "Card reader not working"),
    ("Fridge Issue", "Screen frozen or blank"),
    ("Fridge Issue", "Fridge too warm"),
    ("Fridge Issue", "Fridge out of order"),
    ("Fridge Issue", "Item stuck or not dispensed"),
    ("Fridge Issue", "Scale or sensor misread"),
    ("Fridge Issue", "Fridge offline"),
    ("NPS", "Detractor follow-up"),
    ("NPS", "Passive follow-up"),
    ("NPS", "Promoter thank-you"),
    ("Packing Error", "Wrong item delivered"),
    ("Packing Error", "Item missing from the order"),
    ("Packing Error", "Damaged packaging"),
    ("Packing Error", "Missing utensils or condiments"),
    ("Packing Error", "Mislabelled item"),
    ("Packing Error", "Allergen label missing"),
    ("Quality", "Item expired"),
    ("Quality", "Item spoiled or stale"),
    ("Quality", "Foreign object in food"),
    ("Quality", "Item tasted wrong"),
    ("Quality", "Item warm on purchase"),
    ("Quality", "Item undercooked"),
    ("Quality", "Allergic reaction reported"),
    ("UX", "App crashed"),
    ("UX", "Could not sign in to the app"),
    ("UX", "Confusing checkout"),
    ("UX", "Screen text unreadable"),
    ("UX", "Accessibility problem"),
    ("UX", "Wrong nutrition information shown"),
    ("UX", "Language or translation problem"),
];

/// The text stored and shown: `Category: reason`.
pub fn label(category: &str, reason: &str) -> String {
    format!("{category}: {reason}")
}

pub fn is_known(label_text: &str) -> bool {
    REASONS.iter().any(|(c, r)| label(c, r) == label_text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn about_fifty_reasons_in_the_eight_categories_each_once() {
        assert!((45..=55).contains(&REASONS.len()));
        assert!(CATEGORIES.iter().all(|c| REASONS.iter().any(|(rc, _)| rc == c)));
        assert!(REASONS.iter().all(|(c, _)| CATEGORIES.contains(c)));
        let mut labels: Vec<String> = REASONS.iter().map(|(c, r)| label(c, r)).collect();
        labels.sort();
        labels.dedup();
        assert_eq!(labels.len(), REASONS.len());
        assert!(is_known("Quality: Item expired") && !is_known("Item expired"));
    }
}
