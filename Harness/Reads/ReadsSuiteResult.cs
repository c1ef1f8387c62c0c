using EventCommitLab.Harness.DcbAppends;
using EventCommitLab.Reporting;

namespace EventCommitLab.Harness.Reads;

/// <summary>Everything the reads suite's summary is written from, with what the checks found.</summary>
/// <param name="QueryLogBuild">How long filling the query log took (on the server).</param>
/// <param name="Wrong">Each query or projection that did not return exactly what the log holds, and each acknowledged write not read back.</param>
public sealed record ReadsSuiteResult(
    ReadsSuiteSettings Settings,
    TimeSpan QueryLogBuild,
    DcbLoad ProjectLoad,
    IReadOnlyList<ReadsCellResult> Cells,
    long WritesAcknowledged,
    long WritesReadBack,
    IReadOnlyList<string> Wrong,
    SuiteEnvironment Environment);
