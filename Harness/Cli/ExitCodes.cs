namespace EventCommitLab.Harness.Cli;

/// <summary>What the main command's exit code says; the README lists the same.</summary>
internal static class ExitCodes
{
    /// <summary>Every case ran and the verifier found every log clean.</summary>
    public const int Verified = 0;

    /// <summary>A verifier found a broken guarantee (the run's results are written).</summary>
    public const int BrokenGuarantee = 1;

    /// <summary>Bad input, or no usable store: one line on stderr, nothing written.</summary>
    public const int BadInput = 2;

    /// <summary>No case produced a result (the run's results are written, with the causes).</summary>
    public const int NoCaseRan = 3;

    /// <summary>Some cases failed or timed out, the others ran and verified clean (causes in the summary).</summary>
    public const int SomeCasesFailed = 4;

    /// <summary>The harness itself failed: a bug, with its stack trace on stderr; nothing written.</summary>
    public const int HarnessFailed = 5;

    /// <summary>The store stopped answering during the run: a store failure, not the strategies'; nothing written.</summary>
    public const int StoreLost = 6;

    /// <summary>Cancelled (Ctrl+C or SIGTERM): nothing written, the private server stopped and removed.</summary>
    public const int Cancelled = 130;

    /// <summary>A finished run's code: a broken guarantee outweighs failed cases, which outweigh success.</summary>
    public static int OfRun(int cases, int failed, int broken) =>
        broken > 0 ? BrokenGuarantee
        : failed >= cases ? NoCaseRan
        : failed > 0 ? SomeCasesFailed
        : Verified;
}
