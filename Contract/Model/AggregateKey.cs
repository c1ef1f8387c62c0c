namespace EventCommitLab.Contract.Model;

/// <summary>Identifies an aggregate: its event source and its type. Its version is kept per key.</summary>
public sealed record AggregateKey(string EventSource, string AggregateType)
{
    public override string ToString() => $"{AggregateType}/{EventSource}";
}
