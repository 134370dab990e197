// Writing a comment: text, @mentions of teammates (picked from the workspace's members, so a mention
// always names a member), up to 5 photos.
import { MAX_COMMENT_LENGTH, MAX_COMMENT_PHOTOS } from "@sitesnag/shared/comments";
import { Camera } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "../../../components/button";
import { useLocale, useT } from "../../../i18n/use-t";
import { errorMessage } from "../../../lib/api-client";
import { formatNumberFor } from "../../../lib/format";
import { toast } from "../../../lib/toast";
import { type Member, useMentionable, usePostComment } from "../api/comments-api";

const nameOf = (m: Member) => `${m.firstName} ${m.lastName}`.trim();

/** Only the mentions whose "@Name" is still in the text are sent. */
export const mentionsIn = (text: string, picked: readonly Member[]): string[] => [
  ...new Set(picked.filter((m) => text.includes(`@${nameOf(m)}`)).map((m) => m.id)),
];

/** Appends "@Name " to the text (a space before it when needed). */
export const withMention = (text: string, member: Member) =>
  `${text}${text === "" || text.endsWith(" ") || text.endsWith("\n") ? "" : " "}@${nameOf(member)} `;

/** The teammates to mention (never oneself), as a select that inserts "@Name" when one is chosen. */
export function MentionSelect({ others, onPick }: { others: readonly Member[]; onPick: (member: Member) => void }) {
  const t = useT();
  const id = useId();
  if (others.length === 0) return null;
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {t("snagging.comments.mention")}
      </label>
      <select
        id={id}
        value=""
        onChange={(e) => {
          const member = others.find((m) => m.id === e.target.value);
          if (member) onPick(member);
        }}
        className="min-h-11 rounded-lg border border-slate-300 bg-white px-2 text-sm"
      >
        <option value="">{t("snagging.comments.mentionPick")}</option>
        {others.map((m) => (
          <option key={m.id} value={m.id}>
            {nameOf(m)}
          </option>
        ))}
      </select>
    </>
  );
}

export function CommentForm({ reportId, currentUserId }: { reportId: string; currentUserId: string | undefined }) {
  const t = useT();
  const locale = useLocale();
  const [text, setText] = useState("");
  const [picked, setPicked] = useState<Member[]>([]);
  const [photos, setPhotos] = useState<File[]>([]);
  const [error, setError] = useState<"empty" | "long" | null>(null);
  const members = useMentionable();
  const post = usePostComment(reportId);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const ids = { text: useId(), error: useId(), photos: useId() };
  const others = (members.data ?? []).filter((m) => m.id !== currentUserId);
  // The compressor for the photos, while there is a signal (issue 33: a first visit has no
  // service worker to fetch it from offline).
  useEffect(() => void import("../../../lib/photo-compress/compress-image").catch(() => undefined), []);

  const mention = (member: Member) => {
    setText((current) => withMention(current, member));
    setPicked((p) => [...p, member]);
    textRef.current?.focus();
  };
  const submit = () => {
    const body = text.trim();
    if (body === "") return setError("empty");
    if (body.length > MAX_COMMENT_LENGTH) return setError("long");
    post.mutate(
      { body, mentions: mentionsIn(body, picked), photos },
      {
        onSuccess: ({ queued }) => {
          setText("");
          setPicked([]);
          setPhotos([]);
          if (queued) toast.info(t("snagging.comments.queued"));
          else toast.success(t("snagging.comments.posted"));
        },
        onError: (err) => toast.error(errorMessage(err, t("snagging.comments.postFailed"))),
      },
    );
  };
  return (
    <form
      noValidate
      className="space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <label htmlFor={ids.text} className="block text-sm font-medium text-slate-900">
        {t("snagging.comments.add")}
      </label>
      <textarea
        ref={textRef}
        id={ids.text}
        rows={3}
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? ids.error : undefined}
        onChange={(e) => {
          setText(e.target.value);
          if (e.target.value.trim() !== "") setError(null);
        }}
        className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base sm:text-sm"
      />
      {error && (
        <p id={ids.error} role="alert" className="text-sm text-red-700">
          {error === "empty"
            ? t("snagging.comments.empty")
            : t("snagging.comments.tooLong", { max: formatNumberFor(locale, MAX_COMMENT_LENGTH) })}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <MentionSelect others={others} onPick={mention} />
        <label
          htmlFor={ids.photos}
          className="inline-flex min-h-11 cursor-pointer items-center gap-1.5 rounded-lg border border-slate-300 px-3 text-sm font-medium text-slate-800 hover:border-brand-600"
        >
          <Camera aria-hidden className="size-4" />
          {photos.length === 0
            ? t("snagging.comments.addPhotos")
            : t("snagging.card.photoCount", { count: photos.length })}
        </label>
        <input
          id={ids.photos}
          type="file"
          multiple
          accept="image/jpeg,image/png,image/webp"
          className="sr-only"
          onChange={(e) => {
            const chosen = [...(e.target.files ?? [])];
            if (chosen.length > MAX_COMMENT_PHOTOS)
              toast.info(t("snagging.comments.tooManyPhotos", { count: MAX_COMMENT_PHOTOS }));
            setPhotos(chosen.slice(0, MAX_COMMENT_PHOTOS));
          }}
        />
        <Button type="submit" isLoading={post.isPending} className="ms-auto">
          {t("snagging.comments.post")}
        </Button>
      </div>
    </form>
  );
}
