using System.Globalization;

namespace EventCommitLab.Harness.DcbAppends;

/// <summary>
/// A dcb-suite workload, as go-crablet names them: Append (no condition), AppendIf without conflict (the condition
/// holds: a fresh student is not enrolled yet), AppendIf with conflict (the condition matches n events already in the log,
/// so every append is refused and nothing is written).
/// </summary>
public sealed record DcbWorkload(string Name, bool Conditional, int? ConflictingEvents)
{
    public static DcbWorkload Append { get; } = new("Append", false, null);

    public static DcbWorkload AppendIf { get; } = new("AppendIf", true, null);

    public static DcbWorkload AppendIfConflicting(int events) => new(string.Create(CultureInfo.InvariantCulture, $"AppendIf, {events} conflicting"), true, events);

    public static IReadOnlyList<DcbWorkload> For(IReadOnlyList<int> conflictingEvents) => [Append, AppendIf, .. conflictingEvents.Select(AppendIfConflicting)];
}
