/// What `status` says of today: whether it has a check-in, and the daily goals still open.
public struct StatusFacts: Sendable, Equatable {
    /// A daily goal whose lower bound today's value has not reached yet.
    public struct OpenGoal: Sendable, Equatable {
        public let attribute: Attribute
        public let goal: GoalRange
        /// Today's value; nil when none was recorded.
        public let value: Double?

        public init(attribute: Attribute, goal: GoalRange, value: Double?) {
            self.attribute = attribute
            self.goal = goal
            self.value = value
        }
    }

    /// Today, by the journal's `day-start`.
    public let day: Day
    /// Today's mood, the check-in; nil without one.
    public let rating: Int?
    /// In the journal's order of attributes.
    public let openGoals: [OpenGoal]
    /// Days in a row with a mood up to today, or up to yesterday while today has none yet;
    /// nil when it was not asked for.
    public let streak: Int?
    /// The journal's `color` setting, as stored; nil without one.
    public let colorSetting: String?

    public init(day: Day, rating: Int?, openGoals: [OpenGoal], streak: Int?, colorSetting: String?) {
        self.day = day
        self.rating = rating
        self.openGoals = openGoals
        self.streak = streak
        self.colorSetting = colorSetting
    }
}
