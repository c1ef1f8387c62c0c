namespace EventCommitLab.Strategies.Shared;

/// <summary>Where a batch numbered from the forecast starts, and where the batch numbered before it started.</summary>
/// <param name="First">The batch's first number.</param>
/// <param name="After">The first number of the batch numbered before it, which the store lets end before this one takes the counter; null when none was.</param>
internal readonly record struct ForecastNumbers(long First, long? After);
