namespace EventCommitLab.Engine.Racing;

/// <summary>How a race's end reads in a progress line.</summary>
public static class RaceEnds
{
    public static string Describe(RaceEnd? end) => end switch
    {
        RaceEnd.Decided => "decided",
        RaceEnd.OutOfRounds => "undecided when its rounds ran out",
        RaceEnd.OutOfBudget => "undecided when its share of the budget ran out",
        RaceEnd.Futile => "undecided: no round it could still pay for would decide it",
        RaceEnd.NoContenders => "no contender left to judge",
        _ => "stopped",
    };
}
