namespace EventCommitLab.Harness.DcbAppends;

/// <summary>What reading a log back found: appends and events checked, appends that ended in an error, and each thing that was wrong.</summary>
public sealed record DcbVerification(string Appender, string Size, long Appends, long Errors, long EventsRead, IReadOnlyList<string> Violations)
{
    public bool Clean => Violations.Count == 0;
}
