using EventCommitLab.Harness.Grid;

namespace EventCommitLab.Harness.Reporting;

/// <summary>Helpers over a run's cases.</summary>
public static class CaseResults
{
    /// <summary>A case the harness never measured, with the reason.</summary>
    public static CaseResult NotRun(CaseKey key, string cause)
    {
        ArgumentNullException.ThrowIfNull(key);
        return new CaseResult(
            key.Method.ToString(), key.Contender, key.Contender == RawCeiling.Name, key.NumberOfEvents, key.ConcurrentBatches,
            null, null, null, null, null, null, null, null, null, 0, 0, null, null, null, 0, 0, "not verified", false, [], cause);
    }

    /// <summary>Sets each case's events/s as a fraction of the ceiling's in the same cell.</summary>
    public static List<CaseResult> WithCeilingFractions(IReadOnlyList<CaseResult> cases)
    {
        ArgumentNullException.ThrowIfNull(cases);
        var ceilings = cases.Where(c => c.IsCeiling && c.EventsPerSecond is not null).ToDictionary(c => c.Cell, c => c.EventsPerSecond!.Value);
        return [.. cases.Select(c => c.EventsPerSecond is { } eps && ceilings.TryGetValue(c.Cell, out var ceiling) && ceiling > 0
            ? c with { FractionOfCeiling = eps / ceiling }
            : c)];
    }
}
