//! Every permission action the console knows, grouped for the reference
//! table of the permissions screen. The spec's groups come first; actions the
//! spec does not name are added in clearly named groups of their own.

pub const MANAGE_USER_PERMISSIONS: &str = "ManageUserPermissions";

pub struct Group {
    pub name: &'static str,
    pub actions: &'static [&'static str],
}

pub const GROUPS: &[Group] = &[
    Group {
        name: "Driver",
        actions: &[
            "FridgeTasks",
            // Issue 38: opening a fridge door at a stop needs more than the generic FridgeTasks.
            fleet_shared::assignment::UNLOCK_ACTION,
            "GetAllLocation",
            "GetEmptyChannel",
            "GetFridgeStock",
            "GetInventoryForLocation",
            "GetCheckPointStatus",
            "GetUniqueRoutes",
            "RecordTemperature",
            "UpdateFridgeStock",
            "VanTasks",
        ],
    },
    Group { name: "View Fridges", actions: &["GetAllLocation", "GetScheduledEvents", "GetSpecificLocation"] },
    Group { name: "Edit Fridges", actions: &["GetUniqueLayoutNames", "GetUniquePMTNames", "GetUniqueRoutes"] },
    Group { name: "Scheduling Fridge Changes", actions: &["DeleteScheduledEvents", "AddScheduledEvent"] },
    Group {
        name: "Manage Locations",
        actions: &["CreateLocation", "UpdateLocation", "GenerateDeviceAddress", "GetUniqueFridgeSchemaNames"],
    },
    // Not named by the spec: fridge software (2-fleet-operations §2.1).
    Group {
        name: "Fridge Software",
        actions: &["GetFridgeSoftware", "DeployFridgeSoftware", "ManageFridgeSoftwarePilots"],
    },
    // Not named by the spec: route viewing and the two route uploads (1-locations §2.7, §2.8).
    // SyncLogiNext starts a LogiNext route sync (2-fleet §2.7; issue 24).
    // AssignRoutes sets who drives which route on a day (issue 38).
    Group {
        name: "Routes",
        actions: &["ViewRoutes", "UploadRoutes", "SyncLogiNext", fleet_shared::assignment::ASSIGN_ACTION],
    },
    // Not named by the spec: pars (3-planning §2).
    Group { name: "Pars", actions: &["GetPars", "UploadPars"] },
    // Not named by the spec: forecast (3-planning §2).
    Group { name: "Forecast", actions: &["GetForecast", "UploadForecast", "UpdateForecast"] },
    // Not named by the spec: customer-service coupon codes (3-planning §2); apart from prices on purpose.
    Group { name: "Customer Service", actions: &["GenerateCoupons"] },
    // Not named by the spec: item prices (3-planning §2); reading and changing them are apart.
    Group { name: "Item Prices", actions: &["GetItemPrices", "UpdateItemPrices"] },
    // Not named by the spec: fleet health (2-fleet §2.2, §2.3, inventory view); sending commands is apart
    // from reading, and each command also needs its feature flag (§6).
    Group { name: "Fridge Health", actions: &["GetFridgeHealth", "SendFridgeCommands"] },
    // Not named by the spec: planograms (3-planning §2); reading a layout and scheduling changes are apart.
    Group { name: "Planograms", actions: &["GetPlanograms", "SchedulePlanograms"] },
    // Not named by the spec: a supervisor's revert of a recorded drop status (issue 24).
    // SuperviseStocking acts on any route's stops: the field's exceptions (issue 38).
    // AcknowledgeAttention takes on a Needs-attention item of the stocking dashboard (issue 42).
    Group {
        name: "Stocking Supervisor",
        actions: &["RevertDropOverride", fleet_shared::assignment::SUPERVISOR_ACTION, "AcknowledgeAttention"],
    },
    // Not named by the spec: the reports (3-planning §2; issue 25). GetEmptyChannel is the spec's Driver action too.
    Group { name: "Reports", actions: &["GetEmptyChannel", "GetStockOuts", "GetRouteTemperatures", "GetDriverLog"] },
    Group { name: "Administration", actions: &[MANAGE_USER_PERMISSIONS] },
];

/// All distinct actions, sorted.
pub fn all() -> Vec<&'static str> {
    let mut all: Vec<&str> = GROUPS.iter().flat_map(|g| g.actions.iter().copied()).collect();
    all.sort_unstable();
    all.dedup();
    all
}

pub fn is_known(action: &str) -> bool {
    GROUPS.iter().any(|g| g.actions.contains(&action))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spec_groups_are_present_and_actions_unique() {
        assert!(is_known("GetAllLocation") && is_known("AddScheduledEvent") && is_known(MANAGE_USER_PERMISSIONS));
        assert!(!is_known("getalllocation"));
        let all = all();
        assert_eq!(all.len(), all.iter().collect::<std::collections::HashSet<_>>().len());
        assert!(all.windows(2).all(|w| w[0] < w[1]));
    }
}
