namespace EventCommitLab.Harness.Racing;

/// <summary>Why a cell's race ended.</summary>
public enum RaceEnd
{
    /// <summary>Every group that must decide has a verdict (winner or equivalent set).</summary>
    Decided,

    /// <summary>The most rounds the settings allow were run.</summary>
    OutOfRounds,

    /// <summary>The cell's share of the run's budget could not pay for the rounds to the next look.</summary>
    OutOfBudget,

    /// <summary>No contender of a group that must decide is left running (every one failed).</summary>
    NoContenders,
}
