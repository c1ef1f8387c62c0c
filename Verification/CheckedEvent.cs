using EventCommitLab.Contract.Model;

namespace EventCommitLab.Verification;

/// <summary>
/// What the verifier keeps of an event in the log: its number, its commit and its fingerprint (its payload and tags as
/// digests), so that a log of millions of events is checked without holding their payloads.
/// </summary>
public readonly record struct CheckedEvent(long SequenceNumber, Guid CommitId, EventFingerprint Fingerprint)
{
    public static CheckedEvent Of(StoredEvent stored)
    {
        ArgumentNullException.ThrowIfNull(stored);
        return new CheckedEvent(stored.SequenceNumber, stored.CommitId, EventFingerprint.Of(stored));
    }
}
