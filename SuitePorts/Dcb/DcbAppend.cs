using EventCommitLab.Contract.Model;

namespace EventCommitLab.SuitePorts.Dcb;

/// <summary>What a caller appends: events, all or none, and optionally the condition under which they may be.</summary>
public sealed record DcbAppend(IReadOnlyList<DcbEvent> Events, AppendCondition? Condition)
{
    public static DcbAppend Unconditional(params IReadOnlyList<DcbEvent> events) => new(events, null);

    public void Validate()
    {
        if (Events.Count == 0)
        {
            throw new ArgumentException("An append needs at least one event.", nameof(Events));
        }

        if (Condition is { FailIfEventsMatch.Items.Count: 0 })
        {
            throw new ArgumentException("A condition needs at least one query item.", nameof(Condition));
        }
    }
}
