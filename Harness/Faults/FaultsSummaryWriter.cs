using System.Globalization;
using System.Text;
using EventCommitLab.Reporting;
using EventCommitLab.Verification;

namespace EventCommitLab.Harness.Faults;

/// <summary>The faults run's summary.md: one table per fault, a row per strategy, what callers were told beside what the log holds.</summary>
public static class FaultsSummaryWriter
{
    private static readonly CultureInfo Invariant = CultureInfo.InvariantCulture;

    public static string Write(SuiteEnvironment environment, IReadOnlyList<FaultCaseResult> cases, IReadOnlyList<SoakResult> soaks)
    {
        ArgumentNullException.ThrowIfNull(soaks);
        ArgumentNullException.ThrowIfNull(environment);
        ArgumentNullException.ThrowIfNull(cases);
        var md = new StringBuilder();
        environment.AppendHeader(md, "strategies under faults", "faults", "Load", string.Create(Invariant,
            $"{FaultsSuite.Committers} committers, {FaultsSuite.EventsPerCommit} events per commit, back to back; the fault 1.5 s in, 3 s more after it; a failed commit is recorded and its committer goes on"));
        md.AppendLine("**Lost**: acknowledged commits missing from the log. **Duplicated**: commits with more events in the log than they had, or events no commit accounts for. " +
            "**Altered**: events whose content, order or acknowledged version differs from what the caller handed over or was told. " +
            "**Told failed, written**: commits whose caller was told they failed but that are in the log (a caller committing again would write them twice). " +
            "**Unknown**: commits whose outcome could not be settled (the caller was told so); the log may hold them whole and once, or not at all. " +
            "**Lost answers settled**: writes whose answer was lost that the strategy looked up in the log: found (acknowledged, not written again) / not found (tried again). " +
            "**Gaps** break only a strategy that claims a gap-free sequence. **Longest stall**: the longest time no commit was acknowledged, " +
            "the fault's cost in availability (the server's restart included).").AppendLine();

        foreach (var fault in cases.GroupBy(c => c.Fault))
        {
            md.AppendLine(Invariant, $"## {Title(fault.Key)}").AppendLine();
            var table = new MarkdownTable().Left("Strategy")
                .Right("Faults", "Commits", "Acknowledged", "Failed", "Conflicts", "Unknown (in log)", "Lost answers settled: written / not", "Lost", "Duplicated", "Altered", "Told failed, written", "Gaps")
                .Left("Verifier").Right("Longest stall");
            foreach (var c in fault)
            {
                table.Row(
                    $"{c.Strategy}", $"{c.FaultsInjected}", $"{c.Commits:N0}", $"{c.Acknowledged:N0}", $"{c.Failed:N0}", $"{c.Conflicts:N0}", $"{c.Unknown:N0} ({c.UnknownInLog:N0})",
                    $"{c.LostAnswersWritten:N0} / {c.LostAnswersNotWritten:N0}", $"{Bold(c.Count(ViolationKind.LostEvents))}",
                    $"{Bold(c.Count(ViolationKind.UnexpectedEvents) + c.Count(ViolationKind.DuplicateSequenceNumber))}",
                    $"{Bold(c.Count(ViolationKind.AlteredEvent) + c.Count(ViolationKind.ReorderedEvents) + c.Count(ViolationKind.AcknowledgementMismatch))}",
                    $"{Bold(c.Count(ViolationKind.FailedCommitWritten))}", $"{c.Count(ViolationKind.SequenceGap)}{(c.Claims.GapFreeSequence ? " (claimed gap-free)" : "")}",
                    $"{Verdict(c)}", c.LongestStall is { } t ? (FormattableString)$"{t.TotalSeconds:0.00} s" : $"-");
            }

            table.WriteTo(md);

            md.AppendLine();
            foreach (var c in fault.Where(c => c.FirstFailureCause is not null))
            {
                md.AppendLine(Invariant, $"- {c.Strategy}: first failure told to a caller: {Escape(c.FirstFailureCause!)}");
            }

            md.AppendLine();
        }

        if (soaks.Count > 0)
        {
            md.AppendLine(Invariant, $"## Soak: {FaultsSuite.SoakCommitters} committers for {FaultsSuite.SoakFor.TotalSeconds:0} s, no fault").AppendLine();
            md.AppendLine("The working set is the whole process's: the strategy, the committers, and the harness's ledger (a fingerprint of every event committed). " +
                "Events/s is acknowledged events over the soak's length.").AppendLine();
            var table = new MarkdownTable().Left("Strategy").Right("Commits", "Acknowledged", "Not acknowledged", "Events/s", "Peak working set", "Unobserved task exceptions", "Longest stall").Left("Verifier");
            foreach (var s in soaks)
            {
                var verdict = s.Failure is not null ? $"not checked: {Escape(s.Failure)}"
                    : s.Verification.Passed ? "clean"
                    : "**FAILED**: " + string.Join(", ", s.Verification.Violations.Where(v => v.IsFailure).Select(v => $"{v.Kind} x{v.Count}"));
                table.Row(
                    $"{s.Strategy}", $"{s.Commits:N0}", $"{s.Acknowledged:N0}", $"{Bold((int)s.Failed)}", $"{s.Acknowledged * FaultsSuite.EventsPerCommit / s.Duration.TotalSeconds:N0}",
                    $"{s.PeakWorkingSetBytes / 1048576.0:N0} MiB", $"{Bold(s.UnobservedTaskExceptions)}", s.LongestStall is { } t ? (FormattableString)$"{t.TotalSeconds:0.00} s" : $"-", $"{verdict}");
            }

            table.WriteTo(md);

            md.AppendLine();
            foreach (var s in soaks.Where(s => s.FirstFailureCause is not null))
            {
                md.AppendLine(Invariant, $"- {s.Strategy}: first failure told to a caller: {Escape(s.FirstFailureCause!)}");
            }

            md.AppendLine();
        }

        return md.ToString();
    }

    private static string Title(FaultKind fault) => fault switch
    {
        FaultKind.TerminateBackends => "Connections ended mid-load (pg_terminate_backend, 5 at random every 100 ms for 1.5 s, COMMITs included)",
        FaultKind.KillServer => "Server killed mid-load (SIGKILL to the postmaster) and restarted on its data folder",
        FaultKind.KillWriterProcess => "Writer process killed mid-load (SIGKILL 1.5 s after its first acknowledgement), a new instance of the strategy in another process going on for 3 s",
        FaultKind.CounterBehindLog => $"Log ahead of the counter: one instance commits for 1.5 s and stops, {CounterDrift.Distance} events are written past the counter by a writer that numbers from the log, a new instance goes on for 3 s",
        FaultKind.CounterAheadOfLog => $"Counter ahead of the log: one instance commits for 1.5 s and stops, {CounterDrift.Distance} numbers are taken from the counter and never written, a new instance goes on for 3 s",
        _ => fault.ToString(),
    };

    private static string Verdict(FaultCaseResult c) =>
        c.Failure is not null ? $"not checked: {Escape(c.Failure)}"
        : c.Verification.Passed ? "clean"
        : "**FAILED**: " + string.Join(", ", c.Verification.Violations.Where(v => v.IsFailure).Select(v => $"{v.Kind} x{v.Count}"));

    private static string Bold(int count) => count == 0 ? "0" : $"**{count}**";

    private static string Escape(string text) => text.Replace("|", "\\|", StringComparison.Ordinal);
}
