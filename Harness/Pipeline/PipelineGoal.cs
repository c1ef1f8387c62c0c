using EventCommitLab.Engine.Results;

namespace EventCommitLab.Harness.Pipeline;

/// <summary>One goal of the group commit, read for one pipeline variant from one run.</summary>
/// <param name="Id">The goal's name in the issue (P1, P4, ...).</param>
/// <param name="Ratio">The measured ratio with its interval; null when a case it needs did not run.</param>
/// <param name="AtLeast">True when the ratio must reach <paramref name="Target"/>, false when it must stay at or under it.</param>
/// <param name="Note">What else the reading needs (how the interval was made, a bound that was stated instead of tested).</param>
public sealed record PipelineGoal(string Id, string Strategy, string Description, Interval? Ratio, double Target, bool AtLeast, string Note)
{
    /// <summary>Met when the whole interval is on the right side of the target, not met when the whole of it is on the wrong side, else undecided.</summary>
    public GoalVerdict Verdict => Ratio switch
    {
        null => GoalVerdict.NotMeasured,
        { HasBounds: false } r => Passes(r.Estimate) ? GoalVerdict.MetByEstimateOnly : GoalVerdict.NotMetByEstimateOnly,
        var r when AtLeast => r.Lower >= Target ? GoalVerdict.Met : r.Upper < Target ? GoalVerdict.NotMet : GoalVerdict.Undecided,
        var r => r.Upper <= Target ? GoalVerdict.Met : r.Lower > Target ? GoalVerdict.NotMet : GoalVerdict.Undecided,
    };

    private bool Passes(double value) => AtLeast ? value >= Target : value <= Target;
}
