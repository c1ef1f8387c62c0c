namespace EventCommitLab.SuitePorts.Dcb;

/// <summary>An event as read back from a DCB log, with the position the log gave it.</summary>
public sealed record DcbStoredEvent(long Position, string Type, IReadOnlyList<string> Tags, string Payload);
