namespace EventCommitLab.Harness.DcbAppends;

/// <summary>One append's answer: its operation, how many events it carried, its workload, and whether it was written (null: it ended in an error).</summary>
public sealed record DcbLedgerEntry(long Operation, int Events, DcbWorkload Workload, bool? Appended);
