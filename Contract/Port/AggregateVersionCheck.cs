namespace EventCommitLab.Contract.Port;

/// <summary>The answer to a check-and-advance of an aggregate's version.</summary>
/// <param name="Advanced">True when the aggregate was at the expected version and now is at the next one.</param>
/// <param name="ActualVersion">When not advanced: the version the store holds (0 when the aggregate does not exist), if known.</param>
public sealed record AggregateVersionCheck(bool Advanced, long? ActualVersion)
{
    public static AggregateVersionCheck Success { get; } = new(true, null);

    public static AggregateVersionCheck Mismatch(long? actualVersion) => new(false, actualVersion);
}
