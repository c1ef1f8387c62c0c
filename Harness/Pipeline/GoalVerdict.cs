namespace EventCommitLab.Harness.Pipeline;

/// <summary>What one run says about a goal.</summary>
public enum GoalVerdict
{
    /// <summary>The whole interval is on the goal's side of the target.</summary>
    Met,

    /// <summary>The whole interval is on the wrong side.</summary>
    NotMet,

    /// <summary>The interval straddles the target: this run cannot tell.</summary>
    Undecided,

    /// <summary>The estimate is on the goal's side but the figure has no interval (a latency percentile, or one round).</summary>
    MetByEstimateOnly,

    /// <summary>The estimate is on the wrong side but the figure has no interval: likely missed, not shown to be.</summary>
    NotMetByEstimateOnly,

    /// <summary>A case the goal needs failed or did not run.</summary>
    NotMeasured,
}
