namespace EventCommitLab.Engine.Results;

/// <summary>An estimate with its confidence interval; no bounds when there were too few rounds to have one.</summary>
/// <param name="Samples">How many values (rounds, or paired rounds) it is estimated from.</param>
public sealed record Interval(double Estimate, double? Lower, double? Upper, int Samples)
{
    public bool HasBounds => Lower is not null && Upper is not null;

    /// <summary>Half the interval's width as a fraction of the estimate; null without bounds.</summary>
    public double? RelativeHalfWidth => HasBounds && Estimate != 0 ? (Upper!.Value - Lower!.Value) / 2 / Math.Abs(Estimate) : null;

    /// <summary>Whether the whole interval lies within ±<paramref name="fraction"/> of the estimate.</summary>
    public bool IsWithin(double fraction) => RelativeHalfWidth is { } w && w <= fraction;
}
