using EventCommitLab.Contract.Model;

namespace EventCommitLab.Contract;

/// <summary>
/// An aggregate commit's expected version did not match the stored one. Nothing of the commit was written and it is
/// never retried: the caller must reload the aggregate and decide again.
/// </summary>
public sealed class ConcurrencyConflictException(AggregateKey aggregate, long expectedVersion, long? actualVersion)
    : Exception($"Aggregate {aggregate} was expected at version {expectedVersion} but is at {actualVersion?.ToString(System.Globalization.CultureInfo.InvariantCulture) ?? "an unknown version"}.")
{
    public AggregateKey Aggregate { get; } = aggregate;

    public long ExpectedVersion { get; } = expectedVersion;

    /// <summary>The version the store holds, when the store could tell it.</summary>
    public long? ActualVersion { get; } = actualVersion;
}
