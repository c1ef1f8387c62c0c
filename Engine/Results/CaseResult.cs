using System.Text.Json.Serialization;

namespace EventCommitLab.Engine.Results;

/// <summary>Everything measured and checked for one contender in one cell.</summary>
/// <param name="Race">Its rate, its rounds, and where it stands in the cell's race.</param>
/// <param name="Writes">Its commits, their latency and batches, and its log's size.</param>
/// <param name="Process">What the lab's process spent meanwhile.</param>
/// <param name="Verification">What reading its log back found.</param>
/// <param name="Readers">What the tailing readers saw.</param>
/// <param name="Contention">What contention cost it (conflicts, retries, commands given up, wasted events); null outside contended cells.</param>
/// <param name="Failure">A short cause when the case threw or timed out, with the exception's type.</param>
public sealed record CaseResult(
    CellKey Cell,
    string Contender,
    bool IsCeiling,
    RaceResult Race,
    WriteSummary Writes,
    ProcessCost Process,
    VerificationTally Verification,
    TailingReaderSummaries Readers,
    ContentionSummary? Contention,
    string? Failure)
{
    [JsonIgnore]
    public bool Succeeded => Failure is null && Race.EventsPerSecond is not null;

    /// <summary>A case the harness could not measure, with the reason.</summary>
    public static CaseResult NotRun(CellKey cell, string contender, bool isCeiling, string cause)
    {
        ArgumentNullException.ThrowIfNull(cell);
        return new CaseResult(cell, contender, isCeiling, RaceResult.None, WriteSummary.None, ProcessCost.None, VerificationTally.NotChecked,
            TailingReaderSummaries.None, null, cause);
    }
}
