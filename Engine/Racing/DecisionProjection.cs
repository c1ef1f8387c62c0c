namespace EventCommitLab.Engine.Racing;

/// <summary>
/// What the look at a race's horizon would decide of one pair (<see cref="Decidability"/>), on the log scale: equivalent
/// when its final estimate lies within ±<paramref name="EquivalentBelow"/>, separable beyond ±<paramref name="SeparableAbove"/>,
/// and the chance of each under the estimate's predictive distribution.
/// </summary>
internal readonly record struct DecisionProjection(double EquivalentBelow, double SeparableAbove, double Equivalent, double Separable);
