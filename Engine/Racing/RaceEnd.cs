namespace EventCommitLab.Engine.Racing;

/// <summary>Why a cell's race ended.</summary>
public enum RaceEnd
{
    /// <summary>Every group that must decide has a verdict (winner or equivalent set).</summary>
    Decided,

    /// <summary>The most rounds the settings allow were run.</summary>
    OutOfRounds,

    /// <summary>The cell's share of the run's budget could not pay for the rounds to the next look.</summary>
    OutOfBudget,

    /// <summary>
    /// Some pair could not be decided by the last round the race could still run (its rounds, or what the budget could
    /// pay for), at the spread and estimate its rounds show: the race stops rather than spend rounds that would decide
    /// nothing, and leaves them to the cells after it.
    /// </summary>
    Futile,

    /// <summary>No contender of a group that must decide is left running (every one failed).</summary>
    NoContenders,
}
